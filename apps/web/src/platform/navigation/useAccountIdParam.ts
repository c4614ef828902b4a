import { useParams } from 'react-router';

/** spec §2 "/account/{accountId}: id converted to a number"; undefined when the address holds no valid id. */
export function useAccountIdParam(): number | undefined {
  const { accountId } = useParams();
  const id = Number(accountId);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

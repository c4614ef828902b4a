// Being built in this issue (accounts): the lazily expanding account tree (spec §7 account tree).
export function AccountTreePanel({ selectedAccountId }: { selectedAccountId: number }) {
  return <nav aria-label="Account tree" data-selected={selectedAccountId} />;
}

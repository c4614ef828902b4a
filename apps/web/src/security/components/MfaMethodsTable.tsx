import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { MfaMethod } from '@cmp/contracts/identity';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { methodKindLabel } from '../../platform/session/methodKindLabel';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';
import { isProtectedLastMethod } from '../utils/lastEnabledMethod';

export interface MfaMethodActions {
  rename: (method: MfaMethod) => void;
  makePrimary: (method: MfaMethod) => void;
  setEnabled: (method: MfaMethod, isEnabled: boolean) => void;
  remove: (method: MfaMethod) => void;
}

interface MfaMethodsTableProps {
  methods: MfaMethod[];
  isMfaEnforced: boolean;
  /** The table's accessible name (the heading above it). */
  labelledBy: string;
  /** Without actions the table is read-only (another user's methods). */
  actions?: MfaMethodActions;
  /** The method whose action is running: its buttons wait. */
  busyMethodId?: number;
}

const nameIdOf = (method: MfaMethod) => `mfa-method-${method.Id}-name`;

/** The MFA methods of a user (spec §3 "authentication method"): name, kind, primary, state, created. */
export function MfaMethodsTable({ methods, isMfaEnforced, labelledBy, actions, busyMethodId }: MfaMethodsTableProps) {
  const { t, i18n } = useTranslation();

  const columns: DataColumn<MfaMethod>[] = [
    {
      id: 'Name',
      header: t('user_security.column_name'),
      sortValue: (method) => method.Name,
      cellSx: { fontWeight: 500 },
      cell: (method) => <span id={nameIdOf(method)}>{method.Name}</span>,
    },
    { id: 'AuthenticationMethod', header: t('user_security.column_kind'), cell: (method) => methodKindLabel(t, method.AuthenticationMethod) },
    { id: 'IsPrimary', header: t('user_security.column_primary'), cell: (method) => (method.IsPrimary ? <Chip size="small" variant="outlined" label={t('mfa.primary')} /> : null) },
    {
      id: 'Status',
      header: t('user_security.column_status'),
      // Default colours: the status colours of spec §9 are too light for small text (WCAG 1.4.3).
      cell: (method) => <Chip size="small" variant={method.IsEnabled ? 'filled' : 'outlined'} label={statusLabel(t, method)} />,
    },
    { id: 'CreatedAt', header: t('user_security.column_created'), sortValue: (method) => method.CreatedAt, cell: (method) => formatDateTime(method.CreatedAt, i18n.resolvedLanguage ?? 'en') },
    ...(actions
      ? [
          {
            id: 'actions',
            header: t('user_security.column_actions'),
            cell: (method: MfaMethod) => (
              <MethodActions method={method} methods={methods} isMfaEnforced={isMfaEnforced} actions={actions} isBusy={busyMethodId === method.Id} describedBy={nameIdOf(method)} />
            ),
          },
        ]
      : []),
  ];

  return (
    <DataTable
      tableId="user-security-mfa-methods"
      rows={methods}
      columns={columns}
      rowKey={(method) => method.Id}
      labelledBy={labelledBy}
      pageSizes={false}
      empty={t('user_security.no_methods')}
    />
  );
}

interface MethodActionsProps {
  method: MfaMethod;
  methods: MfaMethod[];
  isMfaEnforced: boolean;
  actions: MfaMethodActions;
  isBusy: boolean;
  /** The name cell: each button's description, so "Delete" says which method. */
  describedBy: string;
}

function MethodActions({ method, methods, isMfaEnforced, actions, isBusy, describedBy }: MethodActionsProps) {
  const { t } = useTranslation();
  const isProtected = isProtectedLastMethod(method, methods, isMfaEnforced);
  const common = { size: 'small', disabled: isBusy, 'aria-describedby': describedBy } as const;

  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      <Button {...common} onClick={() => actions.rename(method)}>
        {t('user_security.rename')}
      </Button>
      {method.IsEnabled && !method.IsPrimary && !method.IsPending && (
        <Button {...common} onClick={() => actions.makePrimary(method)}>
          {t('user_security.make_primary')}
        </Button>
      )}
      {!method.IsPending &&
        (method.IsEnabled ? (
          <Protected isProtected={isProtected}>
            <Button {...common} disabled={isBusy || isProtected} onClick={() => actions.setEnabled(method, false)}>
              {t('user_security.disable')}
            </Button>
          </Protected>
        ) : (
          <Button {...common} onClick={() => actions.setEnabled(method, true)}>
            {t('user_security.enable')}
          </Button>
        ))}
      <Protected isProtected={isProtected}>
        <Button {...common} color="error" disabled={isBusy || isProtected} onClick={() => actions.remove(method)}>
          {t('user_security.delete')}
        </Button>
      </Protected>
    </Stack>
  );
}

/** A disabled button gets no pointer events: the tooltip sits on a wrapper (the same reason also shows above the table). */
function Protected({ isProtected, children }: { isProtected: boolean; children: ReactElement }) {
  const { t } = useTranslation();
  if (!isProtected) return children;
  return (
    <Tooltip title={t('user_security.last_method_protected')}>
      <span>{children}</span>
    </Tooltip>
  );
}

function statusLabel(t: (key: string) => string, method: MfaMethod): string {
  if (method.IsPending) return t('user_security.status_pending');
  return method.IsEnabled ? t('user_security.status_enabled') : t('user_security.status_disabled');
}

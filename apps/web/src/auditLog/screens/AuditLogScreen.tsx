import { AreaInPreparationScreen } from '../../app/screens/AreaInPreparationScreen';

// Being built in this issue (accounts); replaced by the real screen.
export function AuditLogScreen() {
  return <AreaInPreparationScreen titleKey="routes.audit_log" />;
}

/** spec §2: /account/{id}/user-log is the audit-log screen flagged as user log. */
export function UserLogScreen() {
  return <AreaInPreparationScreen titleKey="routes.user_log" />;
}

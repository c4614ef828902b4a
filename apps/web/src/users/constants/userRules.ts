import { requirement } from '@cmp/contracts/capabilities';

/** The capabilities the server checks for each user action; the screen offers only what passes. */
export const USER_RULES = {
  createUser: requirement('USER_ACCOUNT', ['Create']),
  changeStatus: requirement('USER_CHANGE_STATUS', ['Execute']),
  changeAdminStatus: requirement('USER_CHANGE_ADMIN_STATUS', ['Execute']),
  changeUsername: requirement('USER_CHANGE_USERNAME', ['Execute']),
  resetPassword: requirement('USER_RESET_PASSWORD', ['Execute']),
  exportUsers: requirement('USER_EXPORT', ['Execute']),
  assignRoles: { all: [requirement('ROLES', ['Read']), requirement('ROLES', ['Execute'])] },
};

/** The landing page (spec §2 "The default landing is #/Dashboard"). */
export const DASHBOARD_PATH = '/Dashboard';
export const LOGIN_PATH = '/login';
export const SETUP_MFA_PATH = '/setup-mfa';
export const RESET_PASSWORD_PATH = '/reset-password';

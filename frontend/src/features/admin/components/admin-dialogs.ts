import { lazyDialog } from '../../../components/lazy-dialog';

/** The admin dashboard's dialogs: each one's code loads when it first opens (docs/rules.md#light-first-screens). */
export const AccountActionDialog = lazyDialog(
  () => import('./account-action-dialog').then((m) => m.AccountActionDialog),
  (p) => !!p.target,
);
export const HistoryDialog = lazyDialog(
  () => import('./history-dialog').then((m) => m.HistoryDialog),
  (p) => !!p.target,
);
export const MatchDialog = lazyDialog(
  () => import('./match-dialog').then((m) => m.MatchDialog),
  (p) => !!p.target,
);
export const PlacementDialog = lazyDialog(
  () => import('./placement-dialog').then((m) => m.PlacementDialog),
  (p) => !!p.placement,
);
export const RegisterStudentDialog = lazyDialog(
  () => import('./register-student-dialog').then((m) => m.RegisterStudentDialog),
  (p) => p.open,
);
export const SignInLogDialog = lazyDialog(
  () => import('./signin-log-dialog').then((m) => m.SignInLogDialog),
  (p) => p.open,
);

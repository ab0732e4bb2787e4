import type { EventsOf } from '@panda/events/define';
import { accountEvents, type AccountRole, type JobRequirements } from '@panda/events/catalogue/accounts';
import { HttpError, conflict, notFound } from '@panda/platform/errors';
import type { Decider } from '../shared/decider';

export type AccountEvent = EventsOf<typeof accountEvents>;

export interface AccountState {
  exists: boolean;
  id: string | null;
  role: AccountRole | null;
  email: string | null;
  firstName: string;
  lastName: string;
  centreName: string | null;
  centreId: string | null;
  passwordHash: string | null;
  /** Set by a forgot-password reset; valid alongside the password until the password changes. */
  temporaryPasswordHash: string | null;
  mustChangePassword: boolean;
  locked: boolean;
  vetted: boolean;
}

export type AccountCommand =
  | { type: 'SignUp'; accountId: string; role: 'mentor' | 'training_centre'; firstName: string; lastName: string; email: string; centreName: string | null; passwordHash: string }
  | { type: 'ProvisionAdmin'; accountId: string; firstName: string; lastName: string; email: string; passwordHash: string }
  | {
      type: 'RegisterStudent';
      accountId: string;
      centreId: string | null;
      firstName: string;
      lastName: string;
      email: string;
      phone: string | null;
      postcode: string | null;
      dateOfBirth: string | null;
      requirements: JobRequirements;
      temporaryPasswordHash: string;
    }
  | { type: 'ChangePassword'; passwordHash: string }
  | { type: 'ResetPassword'; temporaryPasswordHash: string }
  | { type: 'Lock' | 'Unlock' | 'Vet' | 'Unvet'; reason: string | null };

export const initialAccountState = (): AccountState => ({
  exists: false,
  id: null,
  role: null,
  email: null,
  firstName: '',
  lastName: '',
  centreName: null,
  centreId: null,
  passwordHash: null,
  temporaryPasswordHash: null,
  mustChangePassword: false,
  locked: false,
  vetted: false,
});

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'AccountSignedUp': {
      const d = event.data;
      return { ...state, exists: true, id: d.accountId, role: d.role, email: d.email, firstName: d.firstName, lastName: d.lastName, centreName: d.centreName, passwordHash: d.passwordHash };
    }
    case 'AdminProvisioned': {
      const d = event.data;
      return { ...state, exists: true, id: d.accountId, role: 'admin', email: d.email, firstName: d.firstName, lastName: d.lastName, passwordHash: d.passwordHash };
    }
    case 'StudentRegistered': {
      const d = event.data;
      return {
        ...state,
        exists: true,
        id: d.accountId,
        role: 'student',
        email: d.email,
        firstName: d.firstName,
        lastName: d.lastName,
        centreId: d.centreId,
        passwordHash: d.temporaryPasswordHash,
        mustChangePassword: true,
      };
    }
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash, temporaryPasswordHash: null, mustChangePassword: false };
    case 'PasswordReset':
      return { ...state, temporaryPasswordHash: event.data.temporaryPasswordHash };
    case 'AccountLocked':
      return { ...state, locked: true };
    case 'AccountUnlocked':
      return { ...state, locked: false };
    case 'AccountVetted':
      return { ...state, vetted: true };
    case 'AccountUnvetted':
      return { ...state, vetted: false };
    default:
      return state;
  }
}

const mustExist = (state: AccountState) => {
  if (!state.exists || !state.id) throw notFound('Account not found');
  return state.id;
};

export function decideAccount(command: AccountCommand, state: AccountState): AccountEvent[] {
  switch (command.type) {
    case 'SignUp': {
      if (state.exists) throw conflict('An account with this email already exists');
      const { type: _t, ...data } = command;
      return [{ type: 'AccountSignedUp', data }];
    }
    case 'ProvisionAdmin': {
      if (state.exists) return [];
      const { type: _t, ...data } = command;
      return [{ type: 'AdminProvisioned', data }];
    }
    case 'RegisterStudent': {
      if (state.exists) throw conflict('An account with this email already exists');
      const { type: _t, ...data } = command;
      return [{ type: 'StudentRegistered', data }];
    }
    case 'ChangePassword': {
      const accountId = mustExist(state);
      return [{ type: 'PasswordChanged', data: { accountId, passwordHash: command.passwordHash } }];
    }
    case 'ResetPassword': {
      const accountId = mustExist(state);
      return [{ type: 'PasswordReset', data: { accountId, temporaryPasswordHash: command.temporaryPasswordHash } }];
    }
    case 'Lock':
    case 'Unlock': {
      const accountId = mustExist(state);
      if (state.role === 'admin') throw new HttpError(403, 'Admin accounts cannot be locked here');
      const locking = command.type === 'Lock';
      if (state.locked === locking) return [];
      return [{ type: locking ? 'AccountLocked' : 'AccountUnlocked', data: { accountId, reason: command.reason } }];
    }
    case 'Vet':
    case 'Unvet': {
      const accountId = mustExist(state);
      if (state.role !== 'mentor' && state.role !== 'training_centre') throw new HttpError(400, 'Only mentors and training centres are vetted');
      const vetting = command.type === 'Vet';
      if (state.vetted === vetting) return [];
      return [{ type: vetting ? 'AccountVetted' : 'AccountUnvetted', data: { accountId, reason: command.reason } }];
    }
  }
}

export const accountDecider: Decider<AccountCommand, AccountState, AccountEvent> = {
  initialState: initialAccountState,
  evolve: evolveAccount,
  decide: decideAccount,
};

export type EmailClaimEvent = Extract<AccountEvent, { type: 'EmailClaimed' | 'EmailReleased' }>;

export interface EmailClaimState {
  holder: string | null;
}

export type EmailClaimCommand =
  | { type: 'Claim'; email: string; accountId: string; holderExists: boolean }
  | { type: 'Release'; email: string; accountId: string };

/** Who holds an email address. A claim whose account never got written (a crash between the two appends) may be taken over. */
export const emailClaimDecider: Decider<EmailClaimCommand, EmailClaimState, AccountEvent> = {
  initialState: () => ({ holder: null }),
  evolve: (state, event) => {
    if (event.type === 'EmailClaimed') return { holder: event.data.accountId };
    if (event.type === 'EmailReleased') return state.holder === event.data.accountId ? { holder: null } : state;
    return state;
  },
  decide: (command, state) => {
    if (command.type === 'Claim') {
      if (state.holder === command.accountId) return [];
      if (state.holder && command.holderExists) throw conflict('An account with this email already exists');
      return [{ type: 'EmailClaimed', data: { email: command.email, accountId: command.accountId } }];
    }
    if (state.holder !== command.accountId) return [];
    return [{ type: 'EmailReleased', data: { email: command.email, accountId: command.accountId } }];
  },
};

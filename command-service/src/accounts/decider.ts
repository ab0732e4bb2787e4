import type { EventsOf } from '@panda/events/define';
import { accountEvents, type AccountRole, type JobRequirements } from '@panda/events/catalogue/accounts';
import {
  EDITABLE_PROFILE_FIELDS,
  SETTINGS_BUSINESS_FIELDS,
  profileEvents,
  type MentorProfile,
  type ProfileChanges,
  type RecordedMentorProfile,
} from '@panda/events/catalogue/profiles';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../shared/domain-errors';
import type { Decider } from '../shared/decider';
import { TEMPORARY_PASSWORD_DAYS, type LockCategory } from '@panda/contracts/accounts';

export type AccountEvent = EventsOf<typeof accountEvents> | EventsOf<typeof profileEvents>;

type SettingsBusiness = Partial<Pick<MentorProfile, (typeof SETTINGS_BUSINESS_FIELDS)[number]>>;

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
  /** When the forgot-password temporary password stops working. */
  temporaryPasswordExpiresAt: string | null;
  /** A registered student's first password is temporary: when it stops working (null once they choose their own). */
  passwordExpiresAt: string | null;
  mustChangePassword: boolean;
  /** Tokens signed with an older version no longer count (SessionsRevoked). */
  tokenVersion: number;
  locked: boolean;
  /** What a locked account's holder is told (docs/rules.md#locked-accounts); null when unlocked or not given. */
  lockCategory: LockCategory | null;
  vetted: boolean;
  phone: string | null;
  postcode: string | null;
  /**
   * A mentor's saved (complete) business profile; null until the profile form succeeds once. Its
   * photo is a blob reference, or an inline data URL from before the blob store (profiles/photos.ts).
   */
  mentorProfile: RecordedMentorProfile | null;
  termsAgreedAt: string | null;
  /** Business fields a mentor set in Profile Settings before saving the profile form. */
  businessDraft: SettingsBusiness;
}

/** Who a registered student is, as given by whoever registers them. */
export interface StudentRegistration {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  postcode: string | null;
  dateOfBirth: string | null;
  requirements: JobRequirements;
}

export type AccountCommand =
  | {
      type: 'SignUp';
      accountId: string;
      role: 'mentor' | 'training_centre';
      firstName: string;
      lastName: string;
      email: string;
      centreName: string | null;
      passwordHash: string;
    }
  | {
      type: 'ProvisionAdmin';
      accountId: string;
      firstName: string;
      lastName: string;
      email: string;
      passwordHash: string;
    }
  | {
      type: 'ProvisionAuditor';
      accountId: string;
      firstName: string;
      lastName: string;
      email: string;
      temporaryPasswordHash: string;
    }
  | (StudentRegistration & {
      type: 'RegisterStudent';
      accountId: string;
      centreId: string | null;
      temporaryPasswordHash: string;
      /** The temporary password sealed for the mail reactor (platform/src/sealed.ts). */
      temporaryPasswordSealed?: string;
      /** When the command was accepted: the temporary password expires TEMPORARY_PASSWORD_DAYS later. */
      now: string;
      /** Vetting of the registering centre (loaded by the route); a non-vetted centre cannot register students. */
      centreVetted?: boolean;
    })
  | { type: 'ChangeProfile'; changes: ProfileChanges }
  | { type: 'SaveMentorProfile'; profile: MentorProfile; agreedAt: string }
  | { type: 'ChangePassword'; passwordHash: string }
  | { type: 'ResetPassword'; temporaryPasswordHash: string; temporaryPasswordSealed?: string; now: string }
  /** A sign-in with the forgot-password temporary password: it replaces the old password and ends every earlier token. */
  | { type: 'UseTemporaryPassword' }
  /** An admin gives an auditor a new temporary password (`now`: when; it expires like every other). */
  | { type: 'ReissueAuditorPassword'; temporaryPasswordHash: string; now: string }
  | { type: 'RevokeAuditor' }
  /** A centre re-sends its student's invitation: a new temporary password (sealed for the mail), the old one ends. */
  | {
      type: 'ResendStudentInvite';
      centreId: string;
      temporaryPasswordHash: string;
      temporaryPasswordSealed: string;
      now: string;
    }
  /** Sign out: the token `tokenId` (expiring at `expiresAt`) ends. */
  | { type: 'EndSession'; tokenId: string; expiresAt: string }
  | { type: 'Lock'; reason: string | null; category?: LockCategory }
  | { type: 'Unlock' | 'Vet' | 'Unvet'; reason: string | null };

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
  temporaryPasswordExpiresAt: null,
  passwordExpiresAt: null,
  mustChangePassword: false,
  tokenVersion: 0,
  locked: false,
  lockCategory: null,
  vetted: false,
  phone: null,
  postcode: null,
  mentorProfile: null,
  termsAgreedAt: null,
  businessDraft: {},
});

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'AccountSignedUp': {
      const d = event.data;
      return {
        ...state,
        exists: true,
        id: d.accountId,
        role: d.role,
        email: d.email,
        firstName: d.firstName,
        lastName: d.lastName,
        centreName: d.centreName,
        passwordHash: d.passwordHash,
      };
    }
    case 'AdminProvisioned': {
      const d = event.data;
      return {
        ...state,
        exists: true,
        id: d.accountId,
        role: 'admin',
        email: d.email,
        firstName: d.firstName,
        lastName: d.lastName,
        passwordHash: d.passwordHash,
      };
    }
    case 'AuditorProvisioned': {
      const d = event.data;
      // The temporary password expires like every other (7 days after it was issued).
      return {
        ...state,
        exists: true,
        id: d.accountId,
        role: 'auditor',
        email: d.email,
        firstName: d.firstName,
        lastName: d.lastName,
        passwordHash: d.temporaryPasswordHash,
        passwordExpiresAt: expiresAfterEvent(event),
        mustChangePassword: true,
      };
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
        phone: d.phone,
        postcode: d.postcode,
        passwordHash: d.temporaryPasswordHash,
        passwordExpiresAt: d.temporaryPasswordExpiresAt ?? expiresAfterEvent(event),
        mustChangePassword: true,
      };
    }
    case 'ProfileChanged': {
      const c = event.data.changes;
      const business: SettingsBusiness = {};
      for (const f of SETTINGS_BUSINESS_FIELDS) if (c[f] !== undefined) business[f] = c[f];
      return {
        ...state,
        firstName: c.First_Name ?? state.firstName,
        lastName: c.Last_Name ?? state.lastName,
        centreName: c.Name ?? state.centreName,
        email: c.Email ?? state.email,
        phone: c.Phone_Number !== undefined ? c.Phone_Number : state.phone,
        postcode: c.Postcode !== undefined ? c.Postcode : state.postcode,
        businessDraft: { ...state.businessDraft, ...business },
      };
    }
    case 'MentorProfileSaved':
      return { ...state, mentorProfile: event.data.profile, termsAgreedAt: event.data.termsAgreedAt };
    case 'PasswordChanged':
      return {
        ...state,
        passwordHash: event.data.passwordHash,
        temporaryPasswordHash: null,
        temporaryPasswordExpiresAt: null,
        passwordExpiresAt: null,
        mustChangePassword: false,
      };
    case 'PasswordReset':
      return {
        ...state,
        temporaryPasswordHash: event.data.temporaryPasswordHash,
        temporaryPasswordExpiresAt: event.data.temporaryPasswordExpiresAt ?? expiresAfterEvent(event),
      };
    case 'TemporaryPasswordUsed':
      return {
        ...state,
        passwordHash: state.temporaryPasswordHash,
        passwordExpiresAt: state.temporaryPasswordExpiresAt,
        temporaryPasswordHash: null,
        temporaryPasswordExpiresAt: null,
        mustChangePassword: true,
      };
    case 'AuditorPasswordReissued':
    case 'StudentInviteResent':
      return {
        ...state,
        passwordHash: event.data.temporaryPasswordHash,
        passwordExpiresAt: event.data.temporaryPasswordExpiresAt,
        temporaryPasswordHash: null,
        temporaryPasswordExpiresAt: null,
        mustChangePassword: true,
      };
    case 'AuditorRevoked':
      return { ...state, locked: true };
    case 'SessionsRevoked':
      return { ...state, tokenVersion: event.data.tokenVersion };
    case 'AccountLocked':
      return { ...state, locked: true, lockCategory: event.data.category ?? 'other' };
    case 'AccountUnlocked':
      return { ...state, locked: false, lockCategory: null };
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

export const DATE_OF_BIRTH_IN_FUTURE = 'Date of birth cannot be in the future';

/**
 * The rules about a registration's own fields, decided at `now` (the command's time): the service
 * asks before it claims the e-mail address, so a refused registration records nothing.
 */
export const INVITE_ALREADY_USED = 'This student has already signed in and chosen their own password';

export function checkRegistration(registration: Pick<StudentRegistration, 'dateOfBirth'>, now: string) {
  if (registration.dateOfBirth && registration.dateOfBirth > now.slice(0, 10))
    throw badRequest([{ field: 'Date_Of_Birth', message: DATE_OF_BIRTH_IN_FUTURE }]);
}

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
    case 'ProvisionAuditor': {
      if (state.exists) throw conflict('An account with this email already exists');
      const { type: _t, ...data } = command;
      return [{ type: 'AuditorProvisioned', data }];
    }
    case 'RegisterStudent': {
      checkRegistration(command, command.now);
      if (state.exists) throw conflict('An account with this email already exists');
      const { type: _t, centreVetted, now, ...data } = command;
      if (data.centreId !== null && centreVetted !== true) throw forbidden(CENTRE_NOT_VETTED);
      return [{ type: 'StudentRegistered', data: { ...data, temporaryPasswordExpiresAt: temporaryExpiry(now) } }];
    }
    case 'ChangeProfile':
      return decideProfileChange(command.changes, state);
    case 'SaveMentorProfile': {
      const accountId = mustExist(state);
      if (state.role !== 'mentor') throw forbidden('Only mentors have a mentor profile');
      const termsAgreedAt = state.termsAgreedAt ?? command.agreedAt;
      if (state.mentorProfile && sameValues(state.mentorProfile, command.profile)) return [];
      return [{ type: 'MentorProfileSaved', data: { accountId, profile: command.profile, termsAgreedAt } }];
    }
    case 'ChangePassword': {
      const accountId = mustExist(state);
      return [
        { type: 'PasswordChanged', data: { accountId, passwordHash: command.passwordHash } },
        {
          type: 'SessionsRevoked',
          data: { accountId, tokenVersion: state.tokenVersion + 1, reason: 'password_changed' },
        },
      ];
    }
    case 'ResetPassword': {
      // A request alone ends nothing: the current password and every session stay until the
      // temporary one is used (docs/rules.md#forgot-password).
      const accountId = mustExist(state);
      const sealed = command.temporaryPasswordSealed
        ? { temporaryPasswordSealed: command.temporaryPasswordSealed }
        : {};
      return [
        {
          type: 'PasswordReset',
          data: {
            accountId,
            temporaryPasswordHash: command.temporaryPasswordHash,
            ...sealed,
            temporaryPasswordExpiresAt: temporaryExpiry(command.now),
          },
        },
      ];
    }
    case 'UseTemporaryPassword': {
      const accountId = mustExist(state);
      if (!state.temporaryPasswordHash) throw conflict('There is no temporary password to use');
      return [
        { type: 'TemporaryPasswordUsed', data: { accountId } },
        {
          type: 'SessionsRevoked',
          data: { accountId, tokenVersion: state.tokenVersion + 1, reason: 'temporary_password_used' },
        },
      ];
    }
    case 'ResendStudentInvite': {
      const accountId = mustExist(state);
      if (state.role !== 'student' || state.centreId !== command.centreId) throw notFound('Student not found');
      if (!state.mustChangePassword) throw conflict(INVITE_ALREADY_USED);
      return [
        {
          type: 'StudentInviteResent',
          data: {
            accountId,
            temporaryPasswordHash: command.temporaryPasswordHash,
            temporaryPasswordSealed: command.temporaryPasswordSealed,
            temporaryPasswordExpiresAt: temporaryExpiry(command.now),
          },
        },
        {
          type: 'SessionsRevoked',
          data: { accountId, tokenVersion: state.tokenVersion + 1, reason: 'password_reset' },
        },
      ];
    }
    case 'ReissueAuditorPassword': {
      const accountId = mustExist(state);
      if (state.role !== 'auditor') throw notFound('Auditor not found');
      if (state.locked) throw conflict("This auditor's access has been revoked");
      return [
        {
          type: 'AuditorPasswordReissued',
          data: {
            accountId,
            temporaryPasswordHash: command.temporaryPasswordHash,
            temporaryPasswordExpiresAt: temporaryExpiry(command.now),
          },
        },
        {
          type: 'SessionsRevoked',
          data: { accountId, tokenVersion: state.tokenVersion + 1, reason: 'password_reset' },
        },
      ];
    }
    case 'RevokeAuditor': {
      const accountId = mustExist(state);
      if (state.role !== 'auditor') throw notFound('Auditor not found');
      if (state.locked) return [];
      return [
        { type: 'AuditorRevoked', data: { accountId } },
        {
          type: 'SessionsRevoked',
          data: { accountId, tokenVersion: state.tokenVersion + 1, reason: 'auditor_revoked' },
        },
      ];
    }
    case 'EndSession': {
      const accountId = mustExist(state);
      return [{ type: 'SessionEnded', data: { accountId, tokenId: command.tokenId, expiresAt: command.expiresAt } }];
    }
    case 'Lock':
    case 'Unlock': {
      const accountId = mustExist(state);
      if (state.role === 'admin') throw forbidden('Admin accounts cannot be locked here');
      const locking = command.type === 'Lock';
      if (state.locked === locking) return [];
      if (!locking) return [{ type: 'AccountUnlocked', data: { accountId, reason: command.reason } }];
      const category = command.type === 'Lock' && command.category ? { category: command.category } : {};
      return [
        { type: 'AccountLocked', data: { accountId, reason: command.reason, ...category } },
        { type: 'SessionsRevoked', data: { accountId, tokenVersion: state.tokenVersion + 1, reason: 'locked' } },
      ];
    }
    case 'Vet':
    case 'Unvet': {
      const accountId = mustExist(state);
      if (state.role !== 'mentor' && state.role !== 'training_centre')
        throw badRequest('Only mentors and training centres are vetted');
      const vetting = command.type === 'Vet';
      if (state.vetted === vetting) return [];
      return [{ type: vetting ? 'AccountVetted' : 'AccountUnvetted', data: { accountId, reason: command.reason } }];
    }
  }
}

export { TEMPORARY_PASSWORD_DAYS };
const TEMPORARY_PASSWORD_MS = TEMPORARY_PASSWORD_DAYS * 86_400_000;
export const TEMPORARY_PASSWORD_EXPIRED =
  'Your temporary password has expired. Please ask for a new one with Forgot password.';

const temporaryExpiry = (now: string) => new Date(Date.parse(now) + TEMPORARY_PASSWORD_MS).toISOString();
/** Events recorded before expiry was written into them: the recorded time plus the allowed days. */
const expiresAfterEvent = (event: AccountEvent) => {
  const time = (event as { time?: string }).time;
  return time ? temporaryExpiry(time) : null;
};

/**
 * Sign-in with a password that matched (`password`: the account's own, `temporary`: a
 * forgot-password one) at `now`: refuses an expired temporary password (401) and tells whether
 * a new password must be chosen before anything else.
 */
export function decideSignIn(
  state: AccountState,
  matched: 'password' | 'temporary',
  now: Date,
): { mustChangePassword: boolean } {
  const expiresAt = matched === 'temporary' ? state.temporaryPasswordExpiresAt : state.passwordExpiresAt;
  if (expiresAt && now.getTime() >= Date.parse(expiresAt)) throw unauthorized(TEMPORARY_PASSWORD_EXPIRED);
  return { mustChangePassword: state.mustChangePassword || matched === 'temporary' };
}

export const CENTRE_NOT_VETTED =
  'Your training centre must be vetted before it can register students. Please contact support.';

const sameValues = <T extends object>(a: T, b: T) =>
  (Object.keys(b) as (keyof T)[]).every((k) => a[k] === b[k] || JSON.stringify(a[k]) === JSON.stringify(b[k]));

/** The current value of each field Profile Settings may change. */
function currentProfile(state: AccountState): Required<ProfileChanges> {
  const business = { ...state.businessDraft, ...(state.mentorProfile ?? {}) };
  return {
    First_Name: state.firstName,
    Last_Name: state.lastName,
    Name: state.centreName ?? '',
    Email: state.email ?? '',
    Phone_Number: state.phone,
    Postcode: state.postcode,
    Business_Name: business.Business_Name ?? '',
    Gas_Safe_Registration_Number: business.Gas_Safe_Registration_Number ?? '',
    Business_Type: business.Business_Type ?? '',
    Business_Postcode: business.Business_Postcode ?? '',
  };
}

/**
 * Records only what changed. A mentor whose profile is complete gets the whole profile saved again
 * when a business field changes, so readers of MentorProfileSaved always see the current profile.
 */
function decideProfileChange(requested: ProfileChanges, state: AccountState): AccountEvent[] {
  const accountId = mustExist(state);
  const allowed = EDITABLE_PROFILE_FIELDS[state.role!];
  const current = currentProfile(state);
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(requested) as [keyof ProfileChanges, string | null | undefined][]) {
    if (value === undefined) continue;
    if (!allowed.includes(field)) throw forbidden(`${field} cannot be changed here`);
    if (current[field] !== value) changes[field] = value;
  }
  if (Object.keys(changes).length === 0) return [];
  const events: AccountEvent[] = [{ type: 'ProfileChanged', data: { accountId, changes } }];
  const businessChanged = SETTINGS_BUSINESS_FIELDS.some((f) => f in changes);
  if (state.mentorProfile && businessChanged) {
    const photo = state.mentorProfile.Gas_Safe_Card_Photo;
    // An inline photo is never written again: the service moves it to the blob store first.
    if (typeof photo === 'string') throw new Error('The mentor profile photo must be moved to the blob store first');
    const profile: MentorProfile = { ...state.mentorProfile, Gas_Safe_Card_Photo: photo };
    for (const f of SETTINGS_BUSINESS_FIELDS) if (f in changes) profile[f] = changes[f] as string;
    events.push({ type: 'MentorProfileSaved', data: { accountId, profile, termsAgreedAt: state.termsAgreedAt! } });
  }
  return events;
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
  /** `takeOverFrom`: a holder the caller found dangling (its account never written); any other holder keeps the address. */
  | { type: 'Claim'; email: string; accountId: string; takeOverFrom: string | null }
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
      if (state.holder && state.holder !== command.takeOverFrom)
        throw conflict('An account with this email already exists');
      return [{ type: 'EmailClaimed', data: { email: command.email, accountId: command.accountId } }];
    }
    if (state.holder !== command.accountId) return [];
    return [{ type: 'EmailReleased', data: { email: command.email, accountId: command.accountId } }];
  },
};

import { BUSINESS_TYPES_SETTINGS, type Profile, type ProfileSettingsRequest } from '@panda/contracts/accounts';
import { postcodeProblem } from '@panda/contracts/fields';
import { phoneProblem } from '@panda/contracts/uk-phone';

/**
 * What Profile Settings shows per role (spec section 6) and how it validates (section 5 "Profile save").
 * Field `name`s are the API's field names.
 */

export type ProfileRole = 'student' | 'mentor' | 'training_centre';

export interface ProfileFieldDef {
  name: string;
  label: string;
  editable: boolean;
  type?: 'text' | 'email' | 'tel' | 'select';
  options?: readonly string[];
  autoComplete?: string;
  /** Shown under a read-only field. */
  helper?: string;
}

export const PROFILE_FIELDS: Record<ProfileRole, ProfileFieldDef[]> = {
  student: [
    { name: 'First_Name', label: 'First Name', editable: true, autoComplete: 'given-name' },
    { name: 'Last_Name', label: 'Last Name', editable: true, autoComplete: 'family-name' },
    {
      name: 'Email',
      label: 'Email',
      editable: false,
      type: 'email',
      helper: 'Ask your training centre to change your email',
    },
    { name: 'Phone_Number', label: 'Phone Number', editable: true, type: 'tel', autoComplete: 'tel' },
    { name: 'Postcode', label: 'Postcode', editable: true, autoComplete: 'postal-code' },
  ],
  mentor: [
    { name: 'First_Name', label: 'First Name', editable: true, autoComplete: 'given-name' },
    { name: 'Last_Name', label: 'Last Name', editable: true, autoComplete: 'family-name' },
    { name: 'Email', label: 'Email', editable: true, type: 'email', autoComplete: 'email' },
    { name: 'Business_Name', label: 'Business Name', editable: true, autoComplete: 'organization' },
    { name: 'Gas_Safe_Registration_Number', label: 'Gas Safe Registration Number', editable: true },
    { name: 'Business_Type', label: 'Business Type', editable: true, type: 'select', options: BUSINESS_TYPES_SETTINGS },
    { name: 'Business_Postcode', label: 'Business Postcode', editable: true, autoComplete: 'postal-code' },
  ],
  training_centre: [
    { name: 'Name', label: 'Training Centre Name', editable: true, autoComplete: 'organization' },
    { name: 'Email', label: 'Email', editable: true, type: 'email', autoComplete: 'email' },
    { name: 'First_Name', label: 'Contact First Name', editable: false },
    { name: 'Last_Name', label: 'Contact Last Name', editable: false },
  ],
};

/** Independent students have no training centre to ask: they contact support instead. */
export const INDEPENDENT_EMAIL_HELPER = 'Contact support to change your email';

/** The role's fields; an independent student's read-only Email points to support, not a training centre. */
export function profileFieldsFor(role: ProfileRole, independent: boolean): ProfileFieldDef[] {
  const fields = PROFILE_FIELDS[role];
  if (role !== 'student' || !independent) return fields;
  return fields.map((f) => (f.name === 'Email' ? { ...f, helper: INDEPENDENT_EMAIL_HELPER } : f));
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type ProfileForm = Record<string, string>;

/** The form's values from a loaded profile (every shown field as a string). */
export function formFromProfile(role: ProfileRole, profile: Profile | undefined): ProfileForm {
  const form: ProfileForm = {};
  const values: Record<string, unknown> = profile ?? {};
  for (const f of PROFILE_FIELDS[role]) {
    const v = values[f.name];
    form[f.name] = typeof v === 'string' ? v : '';
  }
  return form;
}

export function editableNames(role: ProfileRole): string[] {
  return PROFILE_FIELDS[role].filter((f) => f.editable).map((f) => f.name);
}

/** True when an editable field differs from the loaded copy. */
export function isDirty(role: ProfileRole, form: ProfileForm, loaded: ProfileForm): boolean {
  return editableNames(role).some((name) => (form[name] ?? '') !== (loaded[name] ?? ''));
}

/** Spec section 5 "Profile save": every problem, in order, each its own toast. [field, message]. */
export function validateProfile(role: ProfileRole, form: ProfileForm): Array<[string, string]> {
  const v = (name: string) => (form[name] ?? '').trim();
  const errors: Array<[string, string]> = [];
  if (role === 'training_centre') {
    if (!v('Name')) errors.push(['Name', 'Training centre name is required']);
  } else {
    if (!v('First_Name')) errors.push(['First_Name', 'First name is required']);
    if (!v('Last_Name')) errors.push(['Last_Name', 'Last name is required']);
  }
  if (!v('Email')) errors.push(['Email', 'Email is required']);
  else if (!EMAIL_PATTERN.test(v('Email'))) errors.push(['Email', 'Please enter a valid email address']);
  if (role === 'student') {
    const phone = phoneProblem(v('Phone_Number'));
    if (!v('Phone_Number')) errors.push(['Phone_Number', 'Phone number is required']);
    else if (phone) errors.push(['Phone_Number', phone]);
    const postcode = postcodeProblem(v('Postcode'));
    if (!v('Postcode')) errors.push(['Postcode', 'Postcode is required']);
    else if (postcode) errors.push(['Postcode', postcode]);
  }
  if (role === 'mentor') {
    if (!v('Business_Name')) errors.push(['Business_Name', 'Business name is required']);
    if (!v('Gas_Safe_Registration_Number'))
      errors.push(['Gas_Safe_Registration_Number', 'Gas Safe Registration Number is required']);
    if (!v('Business_Type')) errors.push(['Business_Type', 'Business type is required']);
    const postcode = postcodeProblem(v('Business_Postcode'));
    if (!v('Business_Postcode')) errors.push(['Business_Postcode', 'Business postcode is required']);
    else if (postcode) errors.push(['Business_Postcode', postcode]);
  }
  return errors;
}

/** The PUT body: the full profile the form shows, trimmed (the server ignores what the role may not change). */
export function profilePayload(role: ProfileRole, form: ProfileForm): ProfileSettingsRequest {
  const v = (name: string) => (form[name] ?? '').trim();
  const shown = Object.fromEntries(PROFILE_FIELDS[role].map((f) => [f.name, v(f.name)]));
  if (role === 'training_centre') return { ...shown, Name: v('Name'), Email: v('Email') };
  const names = { First_Name: v('First_Name'), Last_Name: v('Last_Name') };
  if (role === 'student') return { ...shown, ...names, Phone_Number: v('Phone_Number'), Postcode: v('Postcode') };
  return {
    ...shown,
    ...names,
    Email: v('Email'),
    Business_Name: v('Business_Name'),
    Gas_Safe_Registration_Number: v('Gas_Safe_Registration_Number'),
    Business_Type: v('Business_Type'),
    Business_Postcode: v('Business_Postcode'),
  };
}

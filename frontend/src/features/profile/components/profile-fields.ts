import { BUSINESS_TYPES_SETTINGS, type Profile } from '@panda/contracts/accounts';

/**
 * What Profile Settings shows per role (spec section 6); the contract's settings schemas check it.
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

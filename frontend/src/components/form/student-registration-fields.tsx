import Box from '@mui/material/Box';
import { studentRegistrationRequest } from '@panda/contracts/training';
import { JOB_TYPES, REQUIREMENT_KEYS, requirementName, type RequirementCounts } from '../../lib/job-types';
import { FormTextField } from './form-text-field';

/** The registration schema of a training centre and of the admin (the same contract). */
export const registrationSchema = studentRegistrationRequest;

/** Registration selectors: 0 to 50 (spec section 9) with the spec's defaults. */
export const REQUIREMENT_MAX = 50;
export const REQUIREMENT_DEFAULTS: RequirementCounts = {
  Boiler_Installs: 10,
  Boiler_Service: 4,
  Pipework: 8,
  Repair: 5,
};
const COUNT_OPTIONS = Array.from({ length: REQUIREMENT_MAX + 1 }, (_, i) => i);
const REQUIREMENTS = JOB_TYPES.map((t) => REQUIREMENT_KEYS[t]);

/** A registration form's starting values: empty details and the default job requirements. */
export const EMPTY_REGISTRATION = {
  First_Name: '',
  Last_Name: '',
  Email: '',
  Phone_Number: '',
  Postcode: '',
  Date_Of_Birth: '',
  ...REQUIREMENT_DEFAULTS,
};

/** A phone number is typed as digits, spaces and a leading +. */
const phoneDigits = (typed: string) => typed.replace(/[^\d\s+]/g, '').replace(/(?!^)\+/g, '');

/**
 * A student's details for a registration (training centre or admin), in a grid of two columns
 * (one on a phone). The date of birth is optional and only the centre asks for it.
 */
export function StudentDetailsFields({ withDateOfBirth = false }: { withDateOfBirth?: boolean }) {
  return (
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <FormTextField label="First Name" name="First_Name" required autoComplete="off" />
      <FormTextField label="Last Name" name="Last_Name" required autoComplete="off" />
      <FormTextField label="Email" name="Email" type="email" required autoComplete="off" />
      <FormTextField
        label="Phone Number"
        name="Phone_Number"
        type="tel"
        required
        autoComplete="off"
        parse={phoneDigits}
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9+ ]*', maxLength: 30 } }}
      />
      <FormTextField
        label="Postcode"
        name="Postcode"
        required
        autoComplete="off"
        slotProps={{ htmlInput: { style: { textTransform: 'uppercase' } } }}
      />
      {withDateOfBirth && (
        <FormTextField
          label="Date of Birth (optional)"
          name="Date_Of_Birth"
          type="date"
          slotProps={{ htmlInput: { max: new Date().toISOString().slice(0, 10) } }}
        />
      )}
    </Box>
  );
}

/** The four job requirement counts (0 to 50 each), as native selects. */
export function RequirementCountFields({ idPrefix }: { idPrefix: string }) {
  return (
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
      {REQUIREMENTS.map((key) => (
        <FormTextField
          key={key}
          select
          label={requirementName(key)}
          name={key}
          id={`${idPrefix}-${key}`}
          parse={Number}
          slotProps={{ select: { native: true } }}
        >
          {COUNT_OPTIONS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </FormTextField>
      ))}
    </Box>
  );
}

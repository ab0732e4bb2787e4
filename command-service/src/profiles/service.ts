import type { AppendMeta } from '@panda/events/envelope';
import { SETTINGS_BUSINESS_FIELDS, type ProfileChanges } from '@panda/events/catalogue/profiles';
import type { CommandDeps } from '../shared/deps';
import { claimEmail, loadAccount, normaliseEmail, releaseEmail, runAccountCommand } from '../accounts/service';
import { moveInlinePhoto } from './photos';

/**
 * Profile Settings: records what changed. A new email is claimed first (409 when another account
 * holds it) and the old one released once the change is recorded, so sign-in follows the new address.
 */
export async function changeProfile(deps: CommandDeps, accountId: string, changes: ProfileChanges, meta: AppendMeta) {
  const wanted = { ...changes };
  const newEmail = wanted.Email !== undefined ? normaliseEmail(wanted.Email) : null;
  if (newEmail !== null) wanted.Email = newEmail;
  const business = SETTINGS_BUSINESS_FIELDS.some((f) => wanted[f] !== undefined);
  // The account is loaded ahead of the command only when the change needs it: otherwise the command
  // reads its stream once.
  const before = newEmail !== null || business ? await loadAccount(deps, accountId) : null;
  const moving = newEmail !== null && newEmail !== before?.email;
  // A business field change saves the whole mentor profile again: never with an inline photo.
  if (business && before) await moveInlinePhoto(deps, before, meta);
  if (moving) await claimEmail(deps, newEmail, accountId, meta);
  try {
    const result = await runAccountCommand(deps, accountId, { type: 'ChangeProfile', changes: wanted }, meta);
    if (moving && before?.email && result.state.email === newEmail)
      await releaseEmail(deps, before.email, accountId, meta);
    return result;
  } catch (err) {
    // The change was not recorded: give the new address back (a command id of its own on that stream).
    if (moving) await releaseEmail(deps, newEmail, accountId, { ...meta, commandId: `${meta.commandId}:undo` });
    throw err;
  }
}

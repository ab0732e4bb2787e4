import Link from '@mui/material/Link';
import type { EntityRef } from '../../../components/entity-details-modal';

const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, monospace';

/**
 * A student's ID that opens their relationship details; `oneLine` cuts a long ID with an ellipsis
 * (a card), else it wraps (the details page).
 */
export function StudentIdLink({
  id,
  onOpenEntity,
  oneLine,
}: {
  id: string;
  onOpenEntity: (ref: EntityRef) => void;
  oneLine?: boolean;
}) {
  return (
    <Link
      component="button"
      type="button"
      onClick={() => onOpenEntity({ type: 'student', id })}
      aria-label={`Student ID ${id}: open relationship details`}
      title="Open relationship details"
      sx={{
        fontFamily: MONOSPACE,
        textAlign: 'left',
        ...(oneLine
          ? {
              fontSize: '0.8rem',
              maxWidth: '100%',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              display: 'block',
            }
          : { fontSize: '0.82rem', wordBreak: 'break-all' }),
      }}
    >
      {id}
    </Link>
  );
}

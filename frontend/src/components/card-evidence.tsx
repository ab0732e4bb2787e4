import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Typography from '@mui/material/Typography';
import { APPLIANCE_LABELS, DUPLICATE_PHOTO_LABEL, type ApplianceKind } from '@panda/contracts/evidence-labels';
import { useRef, useState, type ReactNode } from 'react';
import { useAuthedImage } from '../lib/authed-image';
import { useNearViewport } from '../lib/near-viewport';
import { lazyDialog } from './lazy-dialog';
import { formatDateTime } from '../lib/dates';
import type { SignedCard } from '../lib/job-types';

type Photo = NonNullable<SignedCard['evidence']>['photos'][number];

/** "1 h 30 min", "45 min": the time on the job. */
export const durationText = (minutes: number): string => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
};

/** "Boiler · Worcester Bosch Greenstar 4000": the appliance, with its make and model when given. */
export const applianceText = (appliance: NonNullable<SignedCard['evidence']>['appliance']): string => {
  const kind = APPLIANCE_LABELS[appliance.kind as ApplianceKind] ?? appliance.kind;
  const named = [appliance.make, appliance.model].filter(Boolean).join(' ');
  return named ? `${kind} · ${named}` : kind;
};

export { Item as EvidenceItem };

const photoUrl = (id: string) => `/api/job-photos/${encodeURIComponent(id)}`;

/** One labelled fact of a card's evidence (a `dt` and its `dd`, inside a `dl`); exported as EvidenceItem. */
function Item({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0, gridColumn: wide ? '1 / -1' : undefined }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The large view of a photo: its code loads when a photo is first opened (docs/rules.md#light-first-screens). */
const PhotoViewerDialog = lazyDialog(
  () => import('./photo-viewer-dialog').then((m) => m.PhotoViewerDialog),
  (p) => p.open,
  'Loading the photo...',
);

/** One photo of the card (a list item): a thumbnail that opens it large, flagged when it may be a duplicate. */
function PhotoThumb({ photo, name }: { photo: Photo; name: string }) {
  const [open, setOpen] = useState(false);
  // Fetched once the card is scrolled near: a list of signed cards shows dozens of photos, most of them
  // below the first screen (docs/rules.md#light-first-screens).
  const thumb = useRef<HTMLButtonElement>(null);
  const image = useAuthedImage(useNearViewport(thumb) ? photoUrl(photo.photo_id) : null);
  return (
    <Box component="li" sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <ButtonBase
        ref={thumb}
        onClick={() => setOpen(true)}
        // The name holds the words shown inside, so "Not loaded" is read out as it is seen.
        aria-label={`Open ${name.toLowerCase()}${image?.status === 'failed' ? ': not loaded' : ''}`}
        data-testid="evidence-photo"
        sx={{
          width: 88,
          height: 88,
          borderRadius: 1.5,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          bgcolor: 'action.hover',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        {image?.status === 'loaded' ? (
          <Box component="img" src={image.src} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : image?.status === 'failed' ? (
          <Typography variant="caption" color="error">
            Not loaded
          </Typography>
        ) : image ? (
          <CircularProgress size={20} aria-label={`Loading ${name.toLowerCase()}`} />
        ) : (
          // Not asked for yet (far below the screen): a still picture, not a spinner that turns for nothing.
          <ImageOutlined color="disabled" />
        )}
      </ButtonBase>
      {photo.possible_duplicate && (
        <Chip size="small" color="warning" variant="outlined" label={DUPLICATE_PHOTO_LABEL} />
      )}
      <PhotoViewerDialog open={open} onClose={() => setOpen(false)} name={name} image={image} />
    </Box>
  );
}

/**
 * What a signed card evidences (docs/rules.md#evidence): the work done, the appliance, the site's
 * postcode, the time on the job, its photos (each opens large), when the server recorded the
 * signature and the time the device claimed, and the trainee's reflection. A card signed before
 * evidence was required says so.
 */
export function CardEvidence({ card }: { card: SignedCard }) {
  const evidence = card.evidence;
  return (
    <Box data-testid="card-evidence" sx={{ mt: 1 }}>
      {evidence ? (
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}
        >
          <EvidenceFacts evidence={evidence} />
          <Item label="Signed at">{formatDateTime(card.signed_at)}</Item>
          <Item label="Captured at">{formatDateTime(card.captured_at, 'Not sent by the device')}</Item>
        </Box>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" data-testid="evidence-note">
            {card.evidence_note}
          </Typography>
          <Box component="dl" sx={{ m: 0, mt: 0.5 }}>
            <Item label="Signed at">{formatDateTime(card.signed_at)}</Item>
          </Box>
        </>
      )}
      {evidence && evidence.photos.length > 0 && <PhotoList photos={evidence.photos} />}
      {card.reflection && <Reflection text={card.reflection} />}
    </Box>
  );
}

/** The four facts every evidenced card states, as `dt`/`dd` pairs for the caller's `dl`. */
export function EvidenceFacts({ evidence }: { evidence: NonNullable<SignedCard['evidence']> }) {
  return (
    <>
      <Item label="Work done" wide>
        {evidence.work_done}
      </Item>
      <Item label="Appliance">{applianceText(evidence.appliance)}</Item>
      <Item label="Site postcode">{evidence.site_postcode}</Item>
      <Item label="Time on the job">{durationText(evidence.duration_minutes)}</Item>
    </>
  );
}

/** A card's photos as a list of thumbnails, each opening large. */
export function PhotoList({ photos }: { photos: Photo[] }) {
  return (
    <Box
      component="ul"
      aria-label="Photos"
      sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {photos.map((p, i) => (
        <PhotoThumb key={p.photo_id} photo={p} name={`Photo ${i + 1} of ${photos.length}`} />
      ))}
    </Box>
  );
}

/** The trainee's reflection on a card they confirmed. */
export function Reflection({ text }: { text: string }) {
  return (
    <Box
      data-testid="card-reflection"
      sx={{ mt: 1.25, p: 1.25, borderRadius: 1.5, bgcolor: 'action.hover', borderLeft: 3, borderColor: 'primary.main' }}
    >
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
        Trainee&apos;s reflection
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {text}
      </Typography>
    </Box>
  );
}

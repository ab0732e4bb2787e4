import AddAPhotoOutlined from '@mui/icons-material/AddAPhotoOutlined';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  JOB_PHOTO_MAX_BYTES,
  JOB_PHOTO_NOT_IMAGE,
  JOB_PHOTO_TOO_LARGE,
  JOB_PHOTO_TYPES,
  MAX_PHOTOS,
  TOO_MANY_PHOTOS,
  type JobPhotoResponse,
} from '@panda/contracts/evidence';
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { newIdempotencyKey } from '../../../lib/api';
import { useAppSelector } from '../../../lib/hooks';
import { selectToken } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { outboxAvailable } from '../../../lib/outbox';
import { UploadError, uploadRaw } from '../../../lib/upload';
import { VISUALLY_HIDDEN } from '../../../components/visually-hidden';

/** Said under the photos while the sign-off cannot be sent yet. */
export const PHOTOS_UPLOADING = 'Wait until every photo has uploaded';
export const PHOTOS_FAILED = 'Retry or remove the photo that did not upload';
/** Said of a photo kept on the device because there was no signal to upload it. */
export const PHOTO_WAITING = 'No signal: kept on this device, sent with the sign-off';

interface PhotoItem {
  key: string;
  file: File;
  /** A blob: URL of the chosen file, for its thumbnail (none where the browser cannot make one). */
  preview: string | null;
  /** `waiting`: no signal to upload it; it goes into the outbox with the sign-off (docs/rules.md#outbox). */
  status: 'uploading' | 'uploaded' | 'failed' | 'waiting';
  /** Share of the file sent (0 to 1) while uploading. */
  progress: number;
  photoId: string | null;
  error: string | null;
  /** Whether another try may succeed (no answer, a server error); a refused photo is only removed. */
  retryable: boolean;
  idempotencyKey: string;
}

/** Why a chosen file is refused before it is sent (the route refuses it too, docs/rules.md#evidence). */
const refusalOf = (file: File): string | null =>
  !(JOB_PHOTO_TYPES as readonly string[]).includes(file.type)
    ? JOB_PHOTO_NOT_IMAGE
    : file.size > JOB_PHOTO_MAX_BYTES
      ? JOB_PHOTO_TOO_LARGE
      : null;

/** The browser says it has no network. */
const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
/** An upload that got no answer (0), or a proxy's for a server it could not reach: no signal, as for sendOrQueue. */
const unreachable = (status: number) => status === 0 || status === 502 || status === 504;

const previewOf = (file: File) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);

/** What keeps the sign-off from being sent: photos still uploading or one that failed. */
export type PhotosHold = 'uploading' | 'failed' | null;

/**
 * The sign-off's photos (`photo_ids` of the surrounding contract form, docs/rules.md#evidence):
 * taken with the camera or chosen through a file input, each uploaded at once to
 * `POST /api/job-photos` with its progress shown, and removable before signing. A photo that is
 * refused or fails is marked on its own: the other photos and the typed fields stay.
 */
export function JobPhotosField({
  onHoldChange,
  onWaitingChange,
}: {
  onHoldChange: (hold: PhotosHold) => void;
  /** The photos kept for want of signal, in the order chosen: the dialog queues them with the card. */
  onWaitingChange: (files: File[]) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const token = useAppSelector(selectToken);
  const { control } = useFormContext();
  const { field, fieldState } = useController({ control, name: 'photo_ids' });
  const [items, setItems] = useState<PhotoItem[]>([]);
  const counter = useRef(0);
  const live = useRef(new Map<string, AbortController>());
  const previews = useRef(new Set<string>());

  const update = (key: string, change: Partial<PhotoItem>) =>
    setItems((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const send = (item: PhotoItem) => {
    const abort = new AbortController();
    live.current.set(item.key, abort);
    uploadRaw<JobPhotoResponse>({
      path: '/job-photos',
      body: item.file,
      token,
      idempotencyKey: item.idempotencyKey,
      signal: abort.signal,
      onProgress: (progress) => update(item.key, { progress }),
    })
      .then((answer) => update(item.key, { status: 'uploaded', progress: 1, photoId: answer.photo_id }))
      .catch((err: unknown) => {
        if (abort.signal.aborted) return;
        const status = err instanceof UploadError ? err.status : 0;
        if (unreachable(status) && outboxAvailable())
          return update(item.key, { status: 'waiting', progress: 0, error: null });
        update(item.key, {
          status: 'failed',
          error: err instanceof Error ? err.message : 'The photo did not upload',
          retryable: status === 0 || status >= 500,
        });
      })
      .finally(() => live.current.delete(item.key));
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The same file may be chosen again later (after removing it).
    event.target.value = '';
    const room = MAX_PHOTOS - items.length;
    if (files.length > room) toast.error(TOO_MANY_PHOTOS);
    const added = files.slice(0, Math.max(0, room)).map((file): PhotoItem => {
      const refused = refusalOf(file);
      counter.current += 1;
      return {
        key: `photo-${counter.current}`,
        file,
        preview: refused ? null : previewOf(file),
        status: refused ? 'failed' : offline() && outboxAvailable() ? 'waiting' : 'uploading',
        progress: 0,
        photoId: null,
        error: refused,
        retryable: false,
        idempotencyKey: newIdempotencyKey(),
      };
    });
    added.forEach((p) => p.preview && previews.current.add(p.preview));
    setItems((list) => [...list, ...added]);
    added.filter((p) => p.status === 'uploading').forEach(send);
  };

  const remove = (item: PhotoItem) => {
    live.current.get(item.key)?.abort();
    if (item.preview) {
      URL.revokeObjectURL(item.preview);
      previews.current.delete(item.preview);
    }
    setItems((list) => list.filter((p) => p.key !== item.key));
  };

  const retry = (item: PhotoItem) => {
    const again = { ...item, status: 'uploading' as const, progress: 0, error: null };
    update(item.key, again);
    send(again);
  };

  // The form's photo_ids are the uploaded photos, in the order they were chosen.
  const ids = items.flatMap((p) => (p.status === 'uploaded' && p.photoId ? [p.photoId] : []));
  const idsKey = ids.join(' ');
  const { onChange } = field;
  useEffect(() => {
    onChange(idsKey ? idsKey.split(' ') : []);
  }, [idsKey, onChange]);

  const waiting = useMemo(() => items.filter((p) => p.status === 'waiting').map((p) => p.file), [items]);
  useEffect(() => {
    onWaitingChange(waiting);
  }, [waiting, onWaitingChange]);

  const hold: PhotosHold = items.some((p) => p.status === 'uploading')
    ? 'uploading'
    : items.some((p) => p.status === 'failed')
      ? 'failed'
      : null;
  useEffect(() => {
    onHoldChange(hold);
  }, [hold, onHoldChange]);

  // Leaving the dialog stops the uploads and frees the thumbnails.
  useEffect(() => {
    const uploads = live.current;
    const thumbnails = previews.current;
    return () => {
      uploads.forEach((a) => a.abort());
      thumbnails.forEach((url) => URL.revokeObjectURL(url));
    };
  }, []);

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, gridColumn: '1 / -1', minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="legend" sx={{ fontWeight: 600, p: 0 }}>
          Photos ({items.length} of {MAX_PHOTOS})
        </Typography>
        <Button
          onClick={() => inputRef.current?.click()}
          variant="outlined"
          size="small"
          startIcon={<AddAPhotoOutlined />}
          disabled={items.length >= MAX_PHOTOS}
        >
          Add photos
        </Button>
        {/* The button opens the camera or the file chooser; the input itself is out of the tab order. */}
        <input
          ref={inputRef}
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          onChange={pick}
          disabled={items.length >= MAX_PHOTOS}
          tabIndex={-1}
          aria-label="Add photos"
          data-testid="job-photos-input"
          style={VISUALLY_HIDDEN}
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        Up to {MAX_PHOTOS} photos of the work (JPEG, PNG or WEBP, each under 10MB).
      </Typography>
      {items.length > 0 && (
        <Box
          component="ul"
          aria-label="Chosen photos"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            mt: 1.25,
            display: 'grid',
            gap: 1.25,
            gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
          }}
        >
          {items.map((p, i) => {
            const name = `Photo ${i + 1}`;
            const percent = Math.round(p.progress * 100);
            return (
              <Box
                component="li"
                key={p.key}
                aria-label={name}
                data-testid="job-photo-item"
                data-status={p.status}
                sx={{
                  border: 1,
                  borderColor: p.status === 'failed' ? 'error.main' : 'divider',
                  borderRadius: 2,
                  p: 1,
                  minWidth: 0,
                }}
              >
                <Box
                  sx={{
                    height: 90,
                    borderRadius: 1.5,
                    bgcolor: 'action.hover',
                    overflow: 'hidden',
                    display: 'grid',
                    placeItems: 'center',
                  }}
                >
                  {p.preview ? (
                    <Box
                      component="img"
                      src={p.preview}
                      alt={`${name}: ${p.file.name}`}
                      sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                    />
                  ) : (
                    <Typography variant="caption" color="text.secondary" sx={{ px: 1, overflowWrap: 'anywhere' }}>
                      {p.file.name}
                    </Typography>
                  )}
                </Box>
                {p.status === 'uploading' && (
                  <>
                    <LinearProgress
                      variant="determinate"
                      value={percent}
                      aria-label={`${name} upload`}
                      sx={{ mt: 1, height: 6, borderRadius: 3 }}
                    />
                    <Typography variant="caption" color="text.secondary" data-testid="job-photo-progress">
                      Uploading {percent}%
                    </Typography>
                  </>
                )}
                {p.status === 'uploaded' && (
                  <Typography variant="caption" color="success.dark" sx={{ display: 'block', mt: 0.75 }}>
                    Uploaded
                  </Typography>
                )}
                {p.status === 'failed' && (
                  <Typography variant="caption" color="error" role="status" sx={{ display: 'block', mt: 0.75 }}>
                    {p.error}
                  </Typography>
                )}
                {p.status === 'waiting' && (
                  <Typography variant="caption" color="warning.dark" role="status" sx={{ display: 'block', mt: 0.75 }}>
                    {PHOTO_WAITING}
                  </Typography>
                )}
                <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.5 }}>
                  {((p.status === 'failed' && p.retryable) || p.status === 'waiting') && (
                    <IconButton size="small" aria-label={`Retry ${name.toLowerCase()}`} onClick={() => retry(p)}>
                      <ReplayRounded fontSize="small" />
                    </IconButton>
                  )}
                  <IconButton size="small" aria-label={`Remove ${name.toLowerCase()}`} onClick={() => remove(p)}>
                    <DeleteOutlineRounded fontSize="small" />
                  </IconButton>
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
      {(fieldState.error || hold) && (
        <FormHelperText error={!!fieldState.error || hold === 'failed'} data-testid="job-photos-hold">
          {fieldState.error?.message ?? (hold === 'uploading' ? PHOTOS_UPLOADING : PHOTOS_FAILED)}
        </FormHelperText>
      )}
    </Box>
  );
}

import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import {
  compressImage,
  formatBytes,
  ImageCompressionError,
  isImageFile,
  MAX_IMAGE_BYTES,
  type CompressedImage,
} from '../../../lib/compress-image';
import { useAuthedImage } from '../../../lib/authed-image';
import { toast } from '../../../lib/toast';
import type { GasSafePhoto } from '../api/mentor-api';

/** Profile photos are scaled to fit 1200 x 1200 (spec section 9). */
const PHOTO_MAX = 1200;

/** A new image (its data URL), the photo on file (served by an authenticated route), or none. */
export type PhotoValue = string | GasSafePhoto | null;

export const isGasSafePhoto = (v: unknown): v is GasSafePhoto =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as GasSafePhoto).hash === 'string' &&
  typeof (v as GasSafePhoto).url === 'string';

export interface GasSafePhotoFieldProps {
  value: PhotoValue;
  onChange: (photo: PhotoValue) => void;
  onBusyChange?: (busy: boolean) => void;
  disabled?: boolean;
}

/** Gas_Safe_Card_Photo: pick an image, compress it in the browser, show a preview. */
export function GasSafePhotoField({ value, onChange, onBusyChange, disabled }: GasSafePhotoFieldProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [info, setInfo] = useState<CompressedImage | null>(null);
  const onFile = useAuthedImage(isGasSafePhoto(value) ? value.url : null);
  const previewSrc = typeof value === 'string' ? value : onFile?.status === 'loaded' ? onFile.src : null;

  const setBusyState = (b: boolean) => {
    setBusy(b);
    onBusyChange?.(b);
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    // Let the same file be picked again after a failure.
    const reset = () => {
      input.value = '';
    };
    if (!file) return;
    if (!isImageFile(file)) {
      toast.error('Please select a valid image file');
      reset();
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      toast.error('Image must be smaller than 10MB');
      reset();
      return;
    }
    setBusyState(true);
    try {
      const result = await compressImage(file, {
        maxWidth: PHOTO_MAX,
        maxHeight: PHOTO_MAX,
        maxBytes: MAX_IMAGE_BYTES,
        quality: 0.8,
      });
      if (result.bytes > MAX_IMAGE_BYTES) {
        toast.error('Image must be smaller than 10MB');
        return;
      }
      setInfo(result);
      onChange(result.dataUrl);
      toast.success('Image uploaded and compressed successfully!');
    } catch (err) {
      toast.error(
        err instanceof ImageCompressionError && err.kind === 'read'
          ? 'Error reading image file'
          : 'Error processing image',
      );
    } finally {
      setBusyState(false);
      reset();
    }
  };

  return (
    <Box>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        name="Gas_Safe_Card_Photo"
        accept="image/*"
        aria-label="Gas Safe Card Photo"
        onChange={(e) => void pick(e)}
        disabled={disabled || busy}
        style={{
          position: 'absolute',
          width: 1,
          height: 1,
          padding: 0,
          margin: -1,
          overflow: 'hidden',
          clip: 'rect(0,0,0,0)',
          border: 0,
        }}
      />
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
          gap: 2,
          p: 2,
          borderRadius: '12px',
          border: '1px dashed',
          borderColor: value ? 'rgba(22, 163, 74, 0.45)' : 'rgba(29, 78, 216, 0.3)',
          bgcolor: value ? 'rgba(22, 163, 74, 0.04)' : 'rgba(29, 78, 216, 0.03)',
        }}
      >
        <Box
          sx={{
            width: { xs: '100%', sm: 168 },
            height: 108,
            flexShrink: 0,
            borderRadius: '8px',
            overflow: 'hidden',
            bgcolor: '#fff',
            border: '1px solid',
            borderColor: 'divider',
            display: 'grid',
            placeItems: 'center',
            color: 'text.secondary',
          }}
        >
          {busy || onFile?.status === 'loading' ? (
            <CircularProgress size={28} aria-label={busy ? 'Processing image' : 'Loading photo'} />
          ) : previewSrc ? (
            <Box
              component="img"
              src={previewSrc}
              alt="Gas Safe card preview"
              sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
            />
          ) : value ? (
            <Typography variant="body2" sx={{ px: 1, textAlign: 'center' }}>
              Photo could not be loaded
            </Typography>
          ) : (
            <AddPhotoAlternateOutlined sx={{ fontSize: 36, opacity: 0.6 }} aria-hidden />
          )}
        </Box>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>Gas Safe Card Photo</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
            {busy
              ? 'Compressing your image...'
              : info
                ? `${info.width} x ${info.height} px · ${formatBytes(info.originalBytes)} → ${formatBytes(info.bytes)}`
                : isGasSafePhoto(value) && value.width && value.height
                  ? `Your card photo is on file: ${value.width} x ${value.height} px · ${formatBytes(value.size)}.`
                  : value
                    ? 'Your card photo is on file.'
                    : 'A clear photo of the front of your Gas Safe ID card. Any image up to 10MB.'}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
            <Button
              onClick={() => inputRef.current?.click()}
              aria-controls={inputId}
              variant="outlined"
              size="small"
              startIcon={<AddPhotoAlternateOutlined />}
              disabled={disabled || busy}
            >
              {value ? 'Replace Photo' : 'Upload Photo'}
            </Button>
            {value && (
              <Button
                size="small"
                color="inherit"
                startIcon={<DeleteOutlineRounded />}
                onClick={() => {
                  setInfo(null);
                  onChange(null);
                }}
                disabled={disabled || busy}
                aria-label="Remove Gas Safe card photo"
                sx={{ color: 'text.secondary' }}
              >
                Remove
              </Button>
            )}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

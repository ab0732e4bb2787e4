import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { compressImage, formatBytes, MAX_IMAGE_BYTES } from '../../../lib/compress-image';
import { toast } from '../../../lib/toast';
import { CHAT_IMAGE_MAX_WIDTH, CHAT_IMAGE_MIME, CHAT_IMAGE_QUALITY, IMAGE_TEXTS, jpegName } from '../lib/format';

export interface PreparedImage {
  dataUrl: string;
  /** The name sent: the original name with .jpg (the compressed image is a JPEG). */
  filename: string;
  originalName: string;
  originalBytes: number;
  bytes: number;
  width: number;
  height: number;
}

/** Spec §5 and §9: JPEG/JPG/PNG/WEBP, at most 10MB, then 800 px wide JPEG at quality 0.8 in the browser. */
export async function prepareImage(file: File): Promise<PreparedImage | string> {
  if (!CHAT_IMAGE_MIME.includes(file.type.toLowerCase())) return IMAGE_TEXTS.type;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_TEXTS.size;
  try {
    const c = await compressImage(file, { maxWidth: CHAT_IMAGE_MAX_WIDTH, quality: CHAT_IMAGE_QUALITY });
    return {
      dataUrl: c.dataUrl,
      filename: jpegName(file.name),
      originalName: file.name,
      originalBytes: c.originalBytes,
      bytes: c.bytes,
      width: c.width,
      height: c.height,
    };
  } catch {
    return IMAGE_TEXTS.processing;
  }
}

function PickButton({
  label,
  icon,
  disabled,
  accept,
  capture,
  onFile,
}: {
  label: string;
  icon: ReactNode;
  disabled: boolean;
  accept: string;
  capture?: 'environment';
  onFile: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) onFile(file);
  };
  return (
    <>
      <Tooltip title={label}>
        <span>
          <IconButton
            aria-label={label}
            onClick={() => input.current?.click()}
            disabled={disabled}
            sx={{ flexShrink: 0 }}
          >
            {icon}
          </IconButton>
        </span>
      </Tooltip>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        capture={capture}
        onChange={onChange}
        data-testid={`chat-image-input-${label.toLowerCase().replace(/\s+/g, '-')}`}
      />
    </>
  );
}

const ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * The chat's image picker (spec §2 Chat): Select File on a computer, Gallery and Camera on a phone;
 * the chosen image is checked and compressed, then previewed with its filename, original size,
 * compressed size and dimensions, with Cancel and Send Image.
 */
export function ImagePicker({
  disabled,
  onSend,
}: {
  disabled: boolean;
  onSend: (image: PreparedImage) => Promise<boolean>;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [preparing, setPreparing] = useState(false);
  const [image, setImage] = useState<PreparedImage | null>(null);
  const [sending, setSending] = useState(false);

  const pick = async (file: File) => {
    setPreparing(true);
    const result = await prepareImage(file);
    setPreparing(false);
    if (typeof result === 'string') toast.error(result);
    else setImage(result);
  };
  const send = async () => {
    if (!image) return;
    setSending(true);
    const ok = await onSend(image);
    setSending(false);
    if (ok) setImage(null);
  };

  const busy = disabled || preparing;
  return (
    <>
      {phone ? (
        <>
          <PickButton
            label="Gallery"
            icon={<PhotoLibraryOutlined />}
            disabled={busy}
            accept={ACCEPT}
            onFile={(f) => void pick(f)}
          />
          <PickButton
            label="Camera"
            icon={<PhotoCameraOutlined />}
            disabled={busy}
            accept={ACCEPT}
            capture="environment"
            onFile={(f) => void pick(f)}
          />
        </>
      ) : (
        <PickButton
          label="Select File"
          icon={<AttachFileRounded />}
          disabled={busy}
          accept={ACCEPT}
          onFile={(f) => void pick(f)}
        />
      )}
      <Dialog
        open={!!image}
        onClose={() => !sending && setImage(null)}
        aria-labelledby="chat-image-preview-title"
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id="chat-image-preview-title">Send Image</DialogTitle>
        {image && (
          <DialogContent>
            <Box
              component="img"
              src={image.dataUrl}
              alt={`Preview of ${image.originalName}`}
              sx={{
                display: 'block',
                width: '100%',
                maxHeight: 320,
                objectFit: 'contain',
                borderRadius: 2,
                bgcolor: '#f1f5f9',
                mb: 2,
              }}
            />
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                columnGap: 2,
                rowGap: 0.5,
                typography: 'body2',
                '& dt': { color: 'text.secondary', fontWeight: 600 },
                '& dd': { m: 0, wordBreak: 'break-all' },
              }}
            >
              <dt>Filename</dt>
              <dd>{image.originalName}</dd>
              <dt>Original size</dt>
              <dd>{formatBytes(image.originalBytes)}</dd>
              <dt>Compressed size</dt>
              <dd>{formatBytes(image.bytes)}</dd>
              <dt>Dimensions</dt>
              <dd>
                {image.width} × {image.height} px
              </dd>
            </Box>
            {disabled && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
                Waiting for the connection before the image can be sent.
              </Typography>
            )}
          </DialogContent>
        )}
        <DialogActions>
          <Button onClick={() => setImage(null)} disabled={sending}>
            Cancel
          </Button>
          <Button
            variant="contained"
            onClick={() => void send()}
            disabled={sending || disabled}
            startIcon={sending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Send Image
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { AuthedImage } from '../lib/authed-image';

/** A job card's photo shown large (card-evidence.tsx), named `name`; `image` is the thumbnail's own load. */
export function PhotoViewerDialog({
  open,
  onClose,
  name,
  image,
}: {
  open: boolean;
  onClose: () => void;
  name: string;
  image: AuthedImage | null;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="lg" aria-label={name}>
      <DialogTitle>{name}</DialogTitle>
      <DialogContent sx={{ display: 'grid', placeItems: 'center' }}>
        {image?.status === 'loaded' ? (
          <Box
            component="img"
            src={image.src}
            alt={name}
            data-testid="evidence-photo-large"
            sx={{ width: '100%', maxHeight: '75vh', objectFit: 'contain' }}
          />
        ) : (
          <Typography color="text.secondary">
            {image?.status === 'failed' ? 'The photo could not be loaded' : 'Loading the photo...'}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

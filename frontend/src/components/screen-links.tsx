import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';

/** The links to app screens an answer carries (an assistant reply, a support reply), in a row. */
export function ScreenLinks({ links }: { links: ReadonlyArray<{ label: string; path: string }> }) {
  if (!links.length) return null;
  return (
    <Stack direction="row" spacing={1.5} sx={{ mt: 1, flexWrap: 'wrap' }}>
      {links.map((l) => (
        <Link key={`${l.path}-${l.label}`} component={RouterLink} to={l.path} variant="body2" sx={{ fontWeight: 600 }}>
          {l.label}
        </Link>
      ))}
    </Stack>
  );
}

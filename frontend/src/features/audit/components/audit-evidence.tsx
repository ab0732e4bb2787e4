import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AuditSignOff } from '@panda/contracts/audit';
import { PRE_EVIDENCE_LABEL } from '@panda/contracts/evidence-labels';
import { EvidenceFacts, EvidenceItem, PhotoList, Reflection } from '../../../components/card-evidence';

const HASH = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

/**
 * What a sign-off evidenced, as the log holds it (docs/rules.md#evidence, docs/api-audit.md): the work
 * done, the appliance, the site's postcode, the time on the job and the photos (thumbnails that open
 * large, each with its SHA-256 and perceptual hash as signed, and today's possible-duplicate flag), then
 * the trainee's reflection. A card signed before evidence was required says so.
 */
export function AuditEvidence({ signOff }: { signOff: AuditSignOff }) {
  const evidence = signOff.evidence;
  return (
    <Box data-testid="audit-evidence" sx={{ mt: 1 }}>
      {evidence ? (
        <>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gap: 1,
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
            }}
          >
            <EvidenceFacts evidence={evidence} />
            <EvidenceItem label="Photos">{evidence.photos.length || 'None'}</EvidenceItem>
          </Box>
          {evidence.photos.length > 0 && (
            <>
              <PhotoList photos={evidence.photos} />
              <Box component="ol" aria-label="Photo hashes" sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
                {evidence.photos.map((p, i) => (
                  <Typography
                    key={p.photo_id}
                    component="li"
                    variant="caption"
                    data-testid="photo-hashes"
                    sx={{ display: 'block', ...HASH }}
                  >
                    Photo {i + 1}: SHA-256 {p.sha256} · dHash {p.dhash}
                  </Typography>
                ))}
              </Box>
            </>
          )}
        </>
      ) : (
        <Typography variant="body2" color="text.secondary" data-testid="evidence-note">
          {PRE_EVIDENCE_LABEL}
        </Typography>
      )}
      {signOff.reflection && <Reflection text={signOff.reflection} />}
    </Box>
  );
}

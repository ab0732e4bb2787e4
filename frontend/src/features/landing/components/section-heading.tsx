import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface SectionHeadingProps {
  overline: string;
  title: string;
  subtitle?: string;
  id?: string;
}

export function SectionHeading({ overline, title, subtitle, id }: SectionHeadingProps) {
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 720, mx: 'auto', mb: { xs: 5, md: 7 } }}>
      <Typography variant="overline" color="secondary.main" sx={{ display: 'block', mb: 1 }}>
        {overline}
      </Typography>
      <Typography id={id} variant="h2" sx={{ fontSize: { xs: '1.9rem', md: '2.6rem' } }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography sx={{ mt: 2, color: 'text.secondary', fontSize: { md: '1.1rem' } }}>{subtitle}</Typography>
      )}
    </Box>
  );
}

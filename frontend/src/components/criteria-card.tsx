import ChecklistRtlOutlined from '@mui/icons-material/ChecklistRtlOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { CriteriaProgress } from './criteria-progress';

/** A section card with a student's progress per qualification criterion (docs/rules.md#qualification-criteria). */
export function CriteriaCard({ studentId, action }: { studentId: string; action?: ReactNode }) {
  return (
    <Card component="section" aria-labelledby="criteria-title">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography
          id="criteria-title"
          variant="h6"
          component="h3"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, fontSize: '1.05rem' }}
        >
          <ChecklistRtlOutlined color="primary" />
          <Box component="span" sx={{ flexGrow: 1 }}>
            Qualification criteria
          </Box>
          {action}
        </Typography>
        <CriteriaProgress studentId={studentId} />
      </CardContent>
    </Card>
  );
}

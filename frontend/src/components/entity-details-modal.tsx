import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import HelpOutlineRounded from '@mui/icons-material/HelpOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { isLookupEntityType, useGetEntityLookupQuery } from '../lib/lookup-api';
import { ENTITY_TITLES, type EntityRef, type OpenEntity } from './entity-details/parts';
import { StudentBody } from './entity-details/student-body';
import { CentreBody, MentorBody, PlacementBody } from './entity-details/other-bodies';

export { DETAILS_LIST_LIMIT, ENTITY_TITLES, placementStatusColor, type EntityRef } from './entity-details/parts';

/**
 * The entity details modal (spec "Entity details modal"): Student / Mentor / Training Centre /
 * Placement Details loaded from GET /api/lookup/{entityType}/{entityId}. Related entities are links
 * that open in the same modal (with a Back button). Shared by every feature:
 *
 *   const [entity, setEntity] = useState<EntityRef | null>(null);
 *   <Link component="button" onClick={() => setEntity({ type: 'student', id })}>{id}</Link>
 *   <EntityDetailsModal entity={entity} onClose={() => setEntity(null)} />
 */

function LookupContent({ entity, onOpen }: { entity: EntityRef; onOpen: OpenEntity }) {
  const type = entity.type;
  const known = isLookupEntityType(type);
  const { data, isLoading, isFetching, isError, refetch } = useGetEntityLookupQuery(
    known ? { entityType: type, entityId: entity.id } : { entityType: 'student', entityId: '' },
    { skip: !known || !entity.id },
  );

  if (!known) {
    return (
      <Box sx={{ py: 4, textAlign: 'center' }}>
        <HelpOutlineRounded sx={{ fontSize: 40, color: 'text.secondary', mb: 1 }} />
        <Typography color="text.secondary">Unknown entity type</Typography>
      </Box>
    );
  }
  if (isLoading || (isError && isFetching)) {
    return (
      <Box
        role="status"
        aria-live="polite"
        sx={{ py: 6, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}
      >
        <CircularProgress size={32} aria-label="Loading details" />
        <Typography variant="body2" color="text.secondary">
          Loading...
        </Typography>
      </Box>
    );
  }
  if (isError || !data) {
    return (
      <Box
        role="alert"
        sx={{ py: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, textAlign: 'center' }}
      >
        <ErrorOutlineRounded sx={{ fontSize: 40, color: 'error.main' }} />
        <Typography sx={{ fontWeight: 600 }}>Failed to load data</Typography>
        <Button variant="outlined" onClick={() => void refetch()}>
          Retry
        </Button>
      </Box>
    );
  }
  switch (data.type) {
    case 'student':
      return <StudentBody data={data} onOpen={onOpen} />;
    case 'mentor':
      return <MentorBody data={data} onOpen={onOpen} />;
    case 'training_centre':
      return <CentreBody data={data} onOpen={onOpen} />;
    case 'placement':
      return <PlacementBody data={data} onOpen={onOpen} />;
  }
}

export interface EntityDetailsModalProps {
  /** The entity to show; null closes the modal. */
  entity: EntityRef | null;
  onClose: () => void;
}

export function EntityDetailsModal({ entity, onClose }: EntityDetailsModalProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = `entity-details-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  // History of entities opened through links inside the modal; restarts whenever `entity` changes.
  const [history, setHistory] = useState<{ source: EntityRef | null; stack: EntityRef[] }>({
    source: entity,
    stack: entity ? [entity] : [],
  });
  let stack = history.stack;
  if (history.source !== entity) {
    // On close the last entity stays, so the content does not vanish during the closing transition.
    stack = entity ? [entity] : history.stack;
    setHistory({ source: entity, stack });
  }
  const current = stack[stack.length - 1] ?? entity;
  const title = current && isLookupEntityType(current.type) ? ENTITY_TITLES[current.type] : 'Entity Details';

  const open = (ref: EntityRef) => setHistory((h) => ({ ...h, stack: [...h.stack, ref] }));
  const back = () => setHistory((h) => ({ ...h, stack: h.stack.slice(0, -1) }));

  return (
    <Dialog open={!!entity} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1.5, pb: 1 }}>
        {stack.length > 1 && (
          <IconButton aria-label="Back" onClick={back} size="small" edge="start">
            <ArrowBackRounded />
          </IconButton>
        )}
        <Box component="span" sx={{ flexGrow: 1 }}>
          {title}
        </Box>
        <IconButton aria-label="Close" onClick={onClose} size="small">
          <CloseRounded />
        </IconButton>
      </DialogTitle>
      <DialogContent sx={{ pb: 3 }}>
        {current && <LookupContent key={`${current.type}:${current.id}`} entity={current} onOpen={open} />}
      </DialogContent>
    </Dialog>
  );
}

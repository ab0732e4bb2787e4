import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type ReactNode } from 'react';
import { EntityDetailsModal, type EntityRef } from '../../../components/entity-details-modal';
import { MatchChip } from '../../../components/match-chip';
import { JobStandingChip } from '../../../components/job-standing-chip';
import { JOB_STANDING_TONE, jobStanding, openDisputes } from '../../../lib/job-types';
import { useDashboardNavigate } from '../../../lib/dashboard-nav';
import { Pager } from '../../../components/pager';
import { pageSearch, useServerList } from '../../../lib/paging';
import type { CaseloadRow } from '@panda/contracts/training';
import { ListSelect } from '../../../components/list-select';
import { downloadWithToken } from '../../../lib/download';
import { errorMessage } from '../../../lib/errors';
import { useAppSelector } from '../../../lib/hooks';
import { selectToken } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useGetMyStudentsQuery, type CaseloadArgs } from '../api/training-centre-api';
import { lazyDialog } from '../../../components/lazy-dialog';
import { AT_RISK_CHOICES, CASELOAD_SORTS, CaseloadTable } from './caseload-table';
import { InvitationChip, ResendInviteButton } from './invitation';

const CriteriaTemplateDialog = lazyDialog(
  () => import('./criteria-template-dialog').then((m) => m.CriteriaTemplateDialog),
  (p) => p.open,
  'Loading the criteria...',
);
import { REQUIREMENT_FIELDS, studentInitial, studentName } from './student-format';
import { StudentIdLink } from './student-id-link';

function InfoLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, color: 'text.secondary' }}>
      <Box sx={{ display: 'flex', flexShrink: 0 }}>{icon}</Box>
      <Box
        sx={{ minWidth: 0, typography: 'body2', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {children}
      </Box>
    </Box>
  );
}

function StudentCardItem({ student, onOpenEntity }: { student: CaseloadRow; onOpenEntity: (ref: EntityRef) => void }) {
  const go = useDashboardNavigate();
  const name = studentName(student);
  const matched = !!student.Matched;
  // docs/rules.md#dispute-visibility: the student's jobs together, with every undecided dispute among their counted cards.
  const disputed = openDisputes(student.jobs);
  const standing = jobStanding({
    Completed_Count: student.cards_signed,
    Total_Count: student.cards_required,
    Disputed_Count: disputed,
  });
  return (
    <Card
      component="article"
      aria-label={name}
      data-testid="student-card"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <CardContent sx={{ p: 2.5, flexGrow: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <Avatar sx={{ bgcolor: 'primary.main', fontWeight: 700 }}>{studentInitial(student)}</Avatar>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography variant="subtitle1" component="h3" sx={{ lineHeight: 1.3, wordBreak: 'break-word' }}>
              {name}
            </Typography>
            {student.Postcode && (
              <Typography variant="caption" color="text.secondary">
                {student.Postcode}
              </Typography>
            )}
          </Box>
          <MatchChip matched={matched} />
        </Box>
        <Box sx={{ mb: 1.5 }}>
          <InvitationChip invitation={student.invitation} />
        </Box>
        <Stack spacing={1}>
          <InfoLine icon={<MailOutlineRounded fontSize="small" />}>
            <span title={student.Email}>{student.Email}</span>
          </InfoLine>
          <InfoLine icon={<PhoneOutlined fontSize="small" />}>{student.Phone_Number || 'No phone number'}</InfoLine>
          <InfoLine icon={<BadgeOutlined fontSize="small" />}>
            <StudentIdLink id={student.id} onOpenEntity={onOpenEntity} oneLine />
          </InfoLine>
        </Stack>
        {student.Matched && student.cards_required > 0 && (
          <Box sx={{ mt: 2 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5, mb: 0.5 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, flexGrow: 1 }}>
                Progress
              </Typography>
              <JobStandingChip standing={standing} disputed={disputed} />
              <Typography variant="body2" color="text.secondary" data-testid="student-progress">
                {student.cards_signed} of {student.cards_required} cards signed ({student.progress_percent}%)
              </Typography>
            </Box>
            <LinearProgress
              variant="determinate"
              value={student.progress_percent}
              color={JOB_STANDING_TONE[standing]}
              aria-label={`Progress of ${name}`}
              sx={{ height: 8, borderRadius: 4 }}
            />
            {disputed > 0 && (
              <Typography variant="body2" sx={{ mt: 0.75, color: 'warning.dark' }} data-testid="student-disputed">
                {disputed === 1 ? '1 sign-off awaits' : `${disputed} sign-offs await`} an admin&apos;s decision
              </Typography>
            )}
          </Box>
        )}
        <Typography
          variant="caption"
          color="text.secondary"
          component="h4"
          sx={{ display: 'block', mt: 2, mb: 1, fontWeight: 700, letterSpacing: '0.06em', textTransform: 'uppercase' }}
        >
          Job Requirements
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
          {REQUIREMENT_FIELDS.map(({ key, label }) => (
            <Box
              key={key}
              sx={{
                minWidth: 0,
                px: 1.5,
                py: 1,
                borderRadius: 2,
                bgcolor: '#f8fafc',
                border: '1px solid',
                borderColor: 'divider',
              }}
              data-testid={`requirement-${key}`}
            >
              <Typography variant="caption" color="text.secondary" noWrap component="div" sx={{ fontWeight: 600 }}>
                {label}
              </Typography>
              <Typography variant="subtitle1" component="div" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
                {student.job_requirements[key]}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
      <CardActions
        sx={{ px: 2.5, pb: 2.5, pt: 0, gap: 1, flexDirection: 'column', '& > :not(style) ~ :not(style)': { ml: 0 } }}
      >
        <ResendInviteButton student={student} fullWidth />
        <Button
          fullWidth
          variant="outlined"
          endIcon={<ArrowForwardRounded />}
          onClick={() => go('student-detail', student.id)}
          aria-label={`View Details for ${name}`}
        >
          View Details
        </Button>
      </CardActions>
    </Card>
  );
}

function StudentsSkeleton() {
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' } }}
      aria-busy="true"
      aria-label="Loading students"
    >
      {[0, 1, 2].map((i) => (
        <Card key={i}>
          <CardContent sx={{ p: 2.5 }}>
            <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 2 }}>
              <Skeleton variant="circular" width={40} height={40} />
              <Skeleton width="50%" />
            </Stack>
            <Skeleton />
            <Skeleton />
            <Skeleton width="70%" />
            <Skeleton variant="rounded" height={72} sx={{ mt: 2 }} />
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

/** Students view (spec "Training centre overview and students"). */
export function StudentsView() {
  const go = useDashboardNavigate();
  const [entity, setEntity] = useState<EntityRef | null>(null);
  const [criteriaOpen, setCriteriaOpen] = useState(false);
  const [layout, setLayout] = useState<'cards' | 'table'>('cards');
  const [exporting, setExporting] = useState(false);
  const token = useAppSelector(selectToken);
  // docs/rules.md#list-paging, docs/rules.md#centre-caseload: the server searches (name, e-mail, phone,
  // postcode, id), sorts, filters at-risk and pages; this view shows one page.
  const { search, setSearch, view, setView, pager, args } = useServerList('students');
  const q = args.q ?? '';
  const atRisk = view.at_risk === 'true' || view.at_risk === 'false' ? view.at_risk : undefined;
  const listArgs: CaseloadArgs = { ...args, at_risk: atRisk };
  const filtering = !!q || !!atRisk;
  const registered = useGetMyStudentsQuery({ limit: 1 });
  const { data, isLoading, isError, isFetching, refetch } = useGetMyStudentsQuery(listArgs);

  // The CSV holds every row of the same search, filter and sort (not only the page on show).
  const downloadCsv = async () => {
    setExporting(true);
    try {
      await downloadWithToken(
        `/api/my-students.csv${pageSearch({ q: args.q, sort: args.sort, at_risk: atRisk })}`,
        token,
        'students.csv',
      );
      toast.success('Students CSV downloaded');
    } catch (err) {
      toast.error(errorMessage(err, 'Download failed', { useErrorText: true }));
    } finally {
      setExporting(false);
    }
  };

  const registeredTotal = registered.data?.total ?? data?.total ?? 0;
  const filtered = useMemo(() => data?.items ?? [], [data]);
  const searching = search.trim() !== q || (isFetching && !!q);
  const noMatch = q ? `No students match “${q}”.` : 'No students match this filter.';

  let content: ReactNode;
  if (isLoading) {
    content = <StudentsSkeleton />;
  } else if (isError && !data) {
    // docs/rules.md#no-demo-fallbacks: never sample students; say it failed and offer Retry.
    content = (
      <Card sx={{ textAlign: 'center' }}>
        <CardContent sx={{ p: { xs: 4, md: 6 } }} role="alert">
          <ErrorOutlineRounded sx={{ fontSize: 44, color: 'error.main', mb: 1 }} />
          <Typography variant="h6" component="h2">
            Failed to load students
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
            Please check your connection and try again.
          </Typography>
          <Button variant="contained" onClick={() => void refetch()} disabled={isFetching}>
            {isFetching ? 'Retrying...' : 'Retry'}
          </Button>
        </CardContent>
      </Card>
    );
  } else if (registeredTotal === 0 && !filtering) {
    content = (
      <Card sx={{ textAlign: 'center' }}>
        <CardContent sx={{ p: { xs: 4, md: 6 } }}>
          <Box
            sx={{
              width: 64,
              height: 64,
              borderRadius: '50%',
              mx: 'auto',
              mb: 2,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(29, 78, 216, 0.08)',
              color: 'primary.main',
            }}
          >
            <SchoolOutlined sx={{ fontSize: 34 }} />
          </Box>
          <Typography variant="h6" component="h2">
            No students yet
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3, maxWidth: 420, mx: 'auto' }}>
            Register your students so we can match them with a mentor and you can follow their progress.
          </Typography>
          <Button variant="contained" startIcon={<PersonAddAlt1Outlined />} onClick={() => go('register')}>
            Register Your First Student
          </Button>
        </CardContent>
      </Card>
    );
  } else if (layout === 'table') {
    content = (
      <Card>
        <CaseloadTable
          rows={filtered}
          empty={searching ? 'Searching...' : noMatch}
          paging={{
            kind: 'pager',
            noun: ['student', 'students'],
            total: data?.total ?? 0,
            pageIndex: pager.pageIndex,
            next: data?.next ?? null,
            onNext: pager.next,
            onPrevious: pager.previous,
            totalTestId: 'caseload-total',
          }}
        />
      </Card>
    );
  } else {
    content = (
      <>
        {filtered.length === 0 ? (
          <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }} role="status">
            {searching ? 'Searching...' : noMatch}
          </Typography>
        ) : (
          <Box
            component="ul"
            aria-label="Students"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(3, 1fr)' },
            }}
          >
            {filtered.map((s) => (
              <Box component="li" key={s.id} sx={{ minWidth: 0 }}>
                <StudentCardItem student={s} onOpenEntity={setEntity} />
              </Box>
            ))}
          </Box>
        )}
        <Pager
          label="Students pages"
          total={data?.total ?? 0}
          pageIndex={pager.pageIndex}
          next={data?.next ?? null}
          onNext={pager.next}
          onPrevious={pager.previous}
        />
      </>
    );
  }

  return (
    <Stack spacing={3}>
      <Box
        sx={{
          display: 'flex',
          gap: 2,
          alignItems: { xs: 'stretch', sm: 'center' },
          flexDirection: { xs: 'column', sm: 'row' },
        }}
      >
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h5" component="h2">
            Your Students
          </Typography>
          <Typography color="text.secondary" variant="body2">
            {registered.data || data
              ? `${registeredTotal} registered student${registeredTotal === 1 ? '' : 's'}`
              : 'Students registered by your centre'}
          </Typography>
        </Box>
        {registeredTotal > 0 && (
          <TextField
            size="small"
            placeholder="Search students..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            sx={{ width: { xs: '100%', sm: 260 } }}
            slotProps={{
              htmlInput: { 'aria-label': 'Search students', name: 'search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
        <Button variant="outlined" onClick={() => setCriteriaOpen(true)} sx={{ whiteSpace: 'nowrap' }}>
          Criteria
        </Button>
        {registeredTotal > 0 && (
          <Button
            variant="contained"
            startIcon={<PersonAddAlt1Outlined />}
            onClick={() => go('register')}
            sx={{ whiteSpace: 'nowrap' }}
          >
            Register New Student
          </Button>
        )}
      </Box>
      {(registeredTotal > 0 || filtering) && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          useFlexGap
          flexWrap="wrap"
          alignItems={{ sm: 'center' }}
        >
          <ListSelect
            id="caseload-sort"
            label="Sort by"
            value={view.sort ?? '-created'}
            choices={CASELOAD_SORTS}
            onChange={(v) => setView('sort', v)}
            width={250}
          />
          <ListSelect
            id="caseload-at-risk"
            label="At risk"
            value={atRisk ?? ''}
            choices={AT_RISK_CHOICES}
            onChange={(v) => setView('at_risk', v)}
          />
          <ToggleButtonGroup
            exclusive
            size="small"
            value={layout}
            onChange={(_e, v: 'cards' | 'table' | null) => v && setLayout(v)}
            aria-label="Show students as"
          >
            <ToggleButton value="cards">Cards</ToggleButton>
            <ToggleButton value="table">Table</ToggleButton>
          </ToggleButtonGroup>
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            onClick={() => void downloadCsv()}
            disabled={exporting}
            sx={{ ml: { sm: 'auto' }, whiteSpace: 'nowrap' }}
          >
            {exporting ? 'Preparing CSV...' : 'Download CSV'}
          </Button>
        </Stack>
      )}
      {content}
      <EntityDetailsModal entity={entity} onClose={() => setEntity(null)} />
      <CriteriaTemplateDialog open={criteriaOpen} onClose={() => setCriteriaOpen(false)} />
    </Stack>
  );
}

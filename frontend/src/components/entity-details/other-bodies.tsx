import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import EngineeringOutlined from '@mui/icons-material/EngineeringOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import NotesOutlined from '@mui/icons-material/NotesOutlined';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { formatDate } from '../../lib/dates';
import type { CentreLookup, MentorLookup, PlacementLookup } from '@panda/contracts/accounts';
import {
  DETAILS_LIST_LIMIT,
  DetailRow,
  EmailRow,
  EntityLink,
  Header,
  MoreLine,
  type OpenEntity,
  SectionTitle,
  capitalise,
  placementStatusColor,
} from './parts';
import { StudentList } from './student-body';

/* Mentor, training centre and placement details in the entity details modal. */
export function MentorBody({ data, onOpen }: { data: MentorLookup; onOpen: OpenEntity }) {
  const name = data.Name || 'Mentor';
  const email = data.Email;
  const students = data.students;
  const count = data.student_count;
  const active = data.Matched;
  const business = data.Business_Name;
  const more = Math.max(0, Math.max(count, students.length) - Math.min(students.length, DETAILS_LIST_LIMIT));

  return (
    <>
      <Header
        icon={<EngineeringOutlined />}
        title={name}
        subtitle={business ?? 'Mentor'}
        chip={
          <Chip
            size="small"
            label={active ? 'Active' : 'Available'}
            color={active ? 'success' : 'default'}
            sx={{ fontWeight: 600 }}
          />
        }
      />
      <Divider />
      <EmailRow email={email} />
      <DetailRow icon={<GroupsOutlined fontSize="small" />} label="Students">
        {count}
      </DetailRow>
      <DetailRow icon={<HandshakeOutlined fontSize="small" />} label="Status">
        {active ? 'Active' : 'Available'}
      </DetailRow>

      <SectionTitle>Assigned Students</SectionTitle>
      {students.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No students assigned yet.
        </Typography>
      ) : (
        <StudentList students={students} onOpen={onOpen} limit={DETAILS_LIST_LIMIT} />
      )}
      {more > 0 && (
        <MoreLine>
          +{more} more {more === 1 ? 'student' : 'students'}...
        </MoreLine>
      )}
    </>
  );
}

export function CentreBody({ data, onOpen }: { data: CentreLookup; onOpen: OpenEntity }) {
  const name = data.Name || 'Training Centre';
  const contact = data.contact || null;
  const email = data.Email;
  const students = data.students;
  const count = data.student_count;

  return (
    <>
      <Header icon={<ApartmentOutlined />} title={name} subtitle="Training Centre" />
      <Divider />
      <DetailRow icon={<PersonOutlineRounded fontSize="small" />} label="Contact">
        {contact ?? 'Not available'}
      </DetailRow>
      <EmailRow email={email} />
      <DetailRow icon={<GroupsOutlined fontSize="small" />} label="Students">
        {count}
      </DetailRow>

      <SectionTitle>Registered Students</SectionTitle>
      {students.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No students registered yet.
        </Typography>
      ) : (
        <StudentList students={students} onOpen={onOpen} scroll />
      )}
    </>
  );
}

export function PlacementBody({ data, onOpen }: { data: PlacementLookup; onOpen: OpenEntity }) {
  const status = data.Status;
  const { student, mentor, training_centre: centre } = data.relationships;
  const notes = data.Notes?.trim() || null;
  const color = placementStatusColor(status);

  return (
    <>
      <Header
        icon={<HandshakeOutlined />}
        title={student.name && mentor.name ? `${student.name} with ${mentor.name}` : 'Placement'}
        subtitle="Placement"
        chip={
          <Chip
            size="small"
            label={status ? capitalise(status) : 'Unknown'}
            color={color}
            data-status-color={color === 'success' ? 'green' : color === 'warning' ? 'yellow' : 'grey'}
            sx={{ fontWeight: 600, ...(color === 'warning' ? { bgcolor: '#facc15', color: '#422006' } : {}) }}
          />
        }
      />
      <Divider />
      <DetailRow icon={<HandshakeOutlined fontSize="small" />} label="Status">
        {status ? capitalise(status) : 'Not available'}
      </DetailRow>
      <DetailRow icon={<CalendarMonthOutlined fontSize="small" />} label="Placed At">
        {formatDate(data.Placed_At)}
      </DetailRow>
      <DetailRow icon={<NotesOutlined fontSize="small" />} label="Notes">
        <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
          {notes ?? 'No notes'}
        </Box>
      </DetailRow>
      <SectionTitle>Linked</SectionTitle>
      <DetailRow icon={<SchoolOutlined fontSize="small" />} label="Student">
        <EntityLink refValue={student} type="student" onOpen={onOpen} />
      </DetailRow>
      <DetailRow icon={<EngineeringOutlined fontSize="small" />} label="Mentor">
        <EntityLink refValue={mentor} type="mentor" onOpen={onOpen} />
      </DetailRow>
      <DetailRow icon={<ApartmentOutlined fontSize="small" />} label="Training Centre">
        <EntityLink refValue={centre} type="training_centre" onOpen={onOpen} fallback="Independent" />
      </DetailRow>
    </>
  );
}

// ---------------------------------------------------------------------------------------------

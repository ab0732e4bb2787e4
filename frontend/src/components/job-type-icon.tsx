import BuildOutlined from '@mui/icons-material/BuildOutlined';
import HandymanOutlined from '@mui/icons-material/HandymanOutlined';
import LocalFireDepartmentOutlined from '@mui/icons-material/LocalFireDepartmentOutlined';
import PlumbingOutlined from '@mui/icons-material/PlumbingOutlined';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
import Box from '@mui/material/Box';
import type { SvgIconProps } from '@mui/material/SvgIcon';

/** The icon of a job type (Boiler Installs, Boiler Service, Pipework, Repair). */
export function JobTypeIcon({ type, ...props }: { type: string } & SvgIconProps) {
  switch (type) {
    case 'Boiler Installs':
      return <LocalFireDepartmentOutlined {...props} />;
    case 'Boiler Service':
      return <BuildOutlined {...props} />;
    case 'Pipework':
      return <PlumbingOutlined {...props} />;
    case 'Repair':
      return <HandymanOutlined {...props} />;
    default:
      return <WorkOutlineOutlined {...props} />;
  }
}

interface JobTypeTileProps {
  type: string;
  /** Green once the job (or goal) is complete, blue before. */
  complete: boolean;
  /** Width and height in px. */
  size: number;
  borderRadius: number;
  /** Keeps its size in a crowded flex row. */
  noShrink?: boolean;
  iconSize?: SvgIconProps['fontSize'];
}

/** A job type's icon on a tinted square tile. */
export function JobTypeTile({ type, complete, size, borderRadius, noShrink, iconSize }: JobTypeTileProps) {
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        borderRadius,
        flexShrink: noShrink ? 0 : undefined,
        display: 'grid',
        placeItems: 'center',
        bgcolor: complete ? 'rgba(22, 163, 74, 0.1)' : 'rgba(29, 78, 216, 0.08)',
        color: complete ? 'success.dark' : 'primary.main',
      }}
    >
      <JobTypeIcon type={type} fontSize={iconSize} />
    </Box>
  );
}

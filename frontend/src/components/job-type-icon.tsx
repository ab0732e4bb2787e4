import BuildOutlined from '@mui/icons-material/BuildOutlined';
import HandymanOutlined from '@mui/icons-material/HandymanOutlined';
import LocalFireDepartmentOutlined from '@mui/icons-material/LocalFireDepartmentOutlined';
import PlumbingOutlined from '@mui/icons-material/PlumbingOutlined';
import WorkOutlineOutlined from '@mui/icons-material/WorkOutlineOutlined';
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

import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';

export interface AdminTab {
  key: string;
  /** The tab's name, or a name with a live count. */
  label: ReactNode;
}

/** The tabs of the admin lists, and those the app adds (Support, Disputes, Audit...). */
export function AdminTabs({ tab, tabs, onChange }: { tab: string; tabs: AdminTab[]; onChange: (key: string) => void }) {
  return (
    <Tabs
      value={tab}
      onChange={(_e, v: string) => onChange(v)}
      variant="scrollable"
      scrollButtons="auto"
      aria-label="Admin lists"
      sx={(t) => ({
        px: 1,
        borderBottom: 1,
        borderColor: 'divider',
        // On a phone every tab is in view: they wrap onto more rows instead of scrolling sideways, the
        // one shown marked by a tint (the underline cannot follow a wrapped row).
        [t.breakpoints.down('sm')]: {
          '& .MuiTabs-list': { flexWrap: 'wrap' },
          '& .MuiTabs-indicator': { display: 'none' },
          '& .MuiTab-root': { minHeight: 40, minWidth: 0, px: 1.5, py: 1 },
          '& .MuiTab-root.Mui-selected': { bgcolor: 'rgba(29, 78, 216, 0.08)', borderRadius: 2 },
        },
      })}
    >
      {tabs.map((t) => (
        <Tab
          key={t.key}
          value={t.key}
          label={t.label}
          id={`admin-tab-${t.key}`}
          aria-controls={`admin-panel-${t.key}`}
        />
      ))}
    </Tabs>
  );
}

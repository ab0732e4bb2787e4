import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

export interface Choice {
  value: string;
  label: string;
}

/** A labelled select of a server-side table's toolbar (a sort or a filter); '' is "All". */
export function ListSelect({
  id,
  label,
  value,
  choices,
  onChange,
  width = 160,
}: {
  id: string;
  label: string;
  value: string;
  choices: Choice[];
  onChange: (value: string) => void;
  /** The width from the sm breakpoint up (the whole row on phones). */
  width?: number;
}) {
  return (
    <TextField
      select
      id={id}
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      // "All" shows in the box (not the label) when no filter is chosen.
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      sx={{ width: { xs: '100%', sm: width } }}
    >
      {choices.map((c) => (
        <MenuItem key={c.value} value={c.value}>
          {c.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

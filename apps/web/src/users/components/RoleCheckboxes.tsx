import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';

interface RoleOption {
  RoleId: number;
  Name: string;
  OwnerDisplayName: string;
  IsGrantable: boolean;
}

interface RoleCheckboxesProps {
  roles: RoleOption[];
  selected: number[];
  onChange(roleIds: number[]): void;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
}

/**
 * The roles of a company and of the owners above it, one checkbox each with its owner. A role the
 * caller could not give (it holds more than they do) can only be taken away, never ticked (no escalation).
 */
export function RoleCheckboxes({ roles, selected, onChange, ...aria }: RoleCheckboxesProps) {
  const toggle = (roleId: number, isChecked: boolean) => onChange(isChecked ? [...selected, roleId] : selected.filter((id) => id !== roleId));
  return (
    <FormGroup {...aria}>
      {roles.map((role) => (
        <FormControlLabel
          key={role.RoleId}
          disabled={!role.IsGrantable && !selected.includes(role.RoleId)}
          control={<Checkbox checked={selected.includes(role.RoleId)} onChange={(event) => toggle(role.RoleId, event.target.checked)} />}
          label={
            <span>
              {role.Name}
              <Typography component="span" variant="body2" color="text.secondary">
                {` — ${role.OwnerDisplayName}`}
              </Typography>
            </span>
          }
        />
      ))}
    </FormGroup>
  );
}

import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

interface MdiIconProps extends Omit<SvgIconProps, 'children'> {
  /** A path from `@mdi/js` (spec §9: icons use the mdi set). */
  path: string;
}

/** Decorative by default: the control around it carries the accessible name. */
export function MdiIcon({ path, ...props }: MdiIconProps) {
  return (
    <SvgIcon aria-hidden {...props}>
      <path d={path} />
    </SvgIcon>
  );
}

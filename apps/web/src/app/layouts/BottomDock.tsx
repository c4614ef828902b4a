import { useEffect, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { messageDock } from '../../platform/messages/messageDock';
import { publishBottomDockHeight } from '../../platform/ui/bottomDock';

/**
 * The bottom of the full layout (issue 10 items 11 and 14): messages, the consent banner and the
 * footer action bar, sticky at the bottom of the window. It takes its own place at the end of the
 * page flow, so it hides no content for good (the page scrolls out from under it, focus is scrolled
 * clear of it by the theme's scroll padding) and the footer stays in view whatever the language
 * makes the banner's height. It grows upwards: what appears in it moves nothing on the page.
 */
export function BottomDock({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => publishBottomDockHeight(ref.current!), []);
  return (
    <Box ref={ref} sx={{ position: 'sticky', bottom: 0, zIndex: 'appBar' }}>
      <div ref={messageDock.set} />
      {children}
    </Box>
  );
}

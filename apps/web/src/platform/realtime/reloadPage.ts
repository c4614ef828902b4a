/** Reloads the portal: after maintenance, or when the user may no longer sign in (spec §4). */
export function reloadPage(): void {
  window.location.reload();
}

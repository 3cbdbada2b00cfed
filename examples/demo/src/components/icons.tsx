export function TrashIcon() {
  return <svg aria-hidden="true" viewBox="0 0 16 16" />;
}

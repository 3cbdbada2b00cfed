import { TrashIcon } from "./icons";

type ButtonProps = { label: string; onClick: () => void };

export default function Button({ label, onClick }: ButtonProps) {
  return <button onClick={onClick}>{label}</button>;
}

export function DeleteButton() {
  return (
    <button>
      <TrashIcon />
    </button>
  );
}

import { ActionsPage as ActionsScreen } from "../features/actions/components/actions-page";

export function ActionsPage() {
  return <ActionsScreen />;
}

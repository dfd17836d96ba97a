import { ListsPage as ListsScreen } from "../features/lists/components/lists-page";

export function ListsPage() {
  return <ListsScreen />;
}

import { MemoriesPage as MemoriesScreen } from "../features/memories/components/memories-page";

export function MemoriesPage() {
  return <MemoriesScreen />;
}

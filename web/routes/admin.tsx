import { AdminScreen } from "../features/admin/components/admin-page";

export function AdminPage() {
  return <AdminScreen />;
}

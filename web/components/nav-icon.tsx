import {
  Bot,
  Brain,
  Calendar,
  ChartColumn,
  Coins,
  FileText,
  FlaskConical,
  LayoutDashboard,
  List,
  Megaphone,
  MessageSquare,
  Phone,
  Settings,
  UserPlus,
  Users,
  Zap,
  type LucideIcon,
} from "lucide-react";

const ICONS: Record<string, LucideIcon> = {
  "layout-dashboard": LayoutDashboard,
  "file-text": FileText,
  bot: Bot,
  brain: Brain,
  list: List,
  megaphone: Megaphone,
  "message-square": MessageSquare,
  calendar: Calendar,
  zap: Zap,
  "bar-chart": ChartColumn,
  coins: Coins,
  phone: Phone,
  settings: Settings,
  flask: FlaskConical,
  users: Users,
  "user-plus": UserPlus,
};

export function NavIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? LayoutDashboard;
  return <Icon className={className} aria-hidden />;
}

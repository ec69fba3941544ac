// Server menu icons are names; this maps them to Fluent icons. Unknown names fall back to the home icon,
// as SPEC §2.4 does for items without an icon.
import {
  Board20Regular,
  Box20Regular,
  Briefcase20Regular,
  CheckmarkCircle20Regular,
  Clock20Regular,
  Database20Regular,
  Desktop20Regular,
  Home20Regular,
  Money20Regular,
  Options20Regular,
  People20Regular,
  Shield20Regular,
  Target20Regular,
  TaskListLtr20Regular,
  type FluentIcon,
} from '@fluentui/react-icons';

const ICONS: Record<string, FluentIcon> = {
  home: Home20Regular,
  dashboard: Board20Regular,
  desktop: Desktop20Regular,
  task: TaskListLtr20Regular,
  checklist: CheckmarkCircle20Regular,
  target: Target20Regular,
  briefcase: Briefcase20Regular,
  clock: Clock20Regular,
  box: Box20Regular,
  people: People20Regular,
  shield: Shield20Regular,
  options: Options20Regular,
  money: Money20Regular,
  database: Database20Regular,
};

export function MenuIcon({ name }: { name: string }) {
  const Icon = ICONS[name] ?? Home20Regular;
  return <Icon />;
}

import { T } from "../../src/shared/strings";
import { EmptyState } from "./empty-state";

// Sections whose screens arrive with later work: the top bar names them, the body stays empty.
export function SectionPlaceholder() {
  return <EmptyState title={T.placeholderEmpty} />;
}

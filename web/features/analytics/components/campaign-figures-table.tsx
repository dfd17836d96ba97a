import type { CampaignFigures } from "@shared/schemas/analytics";
import { ANALYTICS_TEXTS as UI } from "@shared/texts/analytics";
import { EmptyState } from "@web/components/empty-state";
import { LoadErrorState } from "@web/components/load-error-state";
import { Card, CardContent, CardHeading } from "@web/components/ui/card";
import { formatEur } from "@web/lib/euros";
import { useCampaignFigures } from "../api/get-campaign-figures";
import type { DayRange } from "../lib/date-range";
import { formatCount, formatPercent } from "../lib/format";
import { FiguresTable, type FigureColumn } from "./figures-table";

const num = "py-2 pr-3 text-right tabular-nums";
const wide = "hidden py-2 pr-3 text-right tabular-nums md:table-cell";
const count = (header: string, className: string, value: (c: CampaignFigures) => number): FigureColumn<CampaignFigures> => ({
  header,
  headClassName: className,
  cellClassName: className,
  cell: (c) => formatCount(value(c)),
});

const COLUMNS: readonly FigureColumn<CampaignFigures>[] = [
  count(UI.colSent, num, (c) => c.sent),
  count(UI.colDelivered, wide, (c) => c.delivered),
  count(UI.colRead, wide, (c) => c.read),
  count(UI.colFailed, wide, (c) => c.failed),
  count(UI.colReplied, wide, (c) => c.replied),
  count(UI.colStopped, wide, (c) => c.stopped),
  {
    header: UI.colRate,
    headClassName: num,
    cellClassName: num,
    cell: (c) => formatPercent(c.conversionRate),
    title: (c) => `${formatCount(c.converted)} ${UI.colConverted.toLowerCase()}`,
  },
  { header: UI.colRevenue, headClassName: "py-2 text-right font-medium", cellClassName: "py-2 text-right font-semibold tabular-nums", cell: (c) => formatEur(c.revenue) },
];

// Per campaign over the chosen period: what its card counts, plus the leads it converted and their revenue.
export function CampaignFiguresTable({ range }: { range: DayRange }) {
  const { data, isPending, isError, refetch } = useCampaignFigures(range);
  const rows = data ?? [];
  return (
    <Card className="min-w-0" data-testid="campaign-figures">
      <CardHeading title={UI.campaignsTitle} description={UI.campaignsDescription} />
      <CardContent>
        {isPending ? (
          <div className="h-24 animate-pulse rounded-lg bg-muted" aria-busy="true" />
        ) : isError ? (
          <LoadErrorState title={UI.campaignsError} onRetry={refetch} className="py-8" small />
        ) : rows.length === 0 ? (
          <EmptyState title={UI.campaignsEmpty} className="py-8" />
        ) : (
          <FiguresTable
            label={UI.campaignsTitle}
            nameHeader={UI.colCampaign}
            nameWidth="max-w-32 sm:max-w-56"
            name={(c) => c.name}
            rows={rows}
            rowKey={(c) => c.campaignId}
            rowTestId="campaign-figures-row"
            columns={COLUMNS}
          />
        )}
      </CardContent>
    </Card>
  );
}

import { ANALYTICS_TEXTS as UI } from "@shared/texts/analytics";
import { T } from "@shared/strings";
import { EmptyState } from "@web/components/empty-state";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { useCampaignFigures } from "../api/get-campaign-figures";
import { formatCount, formatPercent } from "../lib/format";
import { formatEur } from "@web/lib/euros";

// Per campaign over the chosen period: what its card counts, plus the leads it converted and their revenue.
export function CampaignFiguresTable({ range }: { range: { startDate: string; endDate: string } }) {
  const { data, isPending, isError, refetch } = useCampaignFigures(range);
  const rows = data ?? [];
  const num = "py-2 pr-3 text-right tabular-nums";
  const wide = "hidden py-2 pr-3 text-right tabular-nums md:table-cell";
  return (
    <Card className="min-w-0" data-testid="campaign-figures">
      <CardHeader>
        <CardTitle>{UI.campaignsTitle}</CardTitle>
        <CardDescription>{UI.campaignsDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="h-24 animate-pulse rounded-lg bg-muted" aria-busy="true" />
        ) : isError ? (
          <EmptyState title={UI.campaignsError} className="py-8">
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              {T.retry}
            </Button>
          </EmptyState>
        ) : rows.length === 0 ? (
          <EmptyState title={UI.campaignsEmpty} className="py-8" />
        ) : (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={UI.campaignsTitle}>
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b text-left text-xs text-muted-foreground">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {UI.colCampaign}
                  </th>
                  <th scope="col" className={num}>
                    {UI.colSent}
                  </th>
                  <th scope="col" className={wide}>
                    {UI.colDelivered}
                  </th>
                  <th scope="col" className={wide}>
                    {UI.colRead}
                  </th>
                  <th scope="col" className={wide}>
                    {UI.colFailed}
                  </th>
                  <th scope="col" className={wide}>
                    {UI.colReplied}
                  </th>
                  <th scope="col" className={wide}>
                    {UI.colStopped}
                  </th>
                  <th scope="col" className={num}>
                    {UI.colRate}
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    {UI.colRevenue}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => (
                  <tr key={c.campaignId} className="border-b last:border-0" data-testid="campaign-figures-row">
                    <th scope="row" className="py-2 pr-3 text-left font-medium" title={c.name}>
                      <span className="block max-w-32 truncate sm:max-w-56">{c.name}</span>
                    </th>
                    <td className={num}>{formatCount(c.sent)}</td>
                    <td className={wide}>{formatCount(c.delivered)}</td>
                    <td className={wide}>{formatCount(c.read)}</td>
                    <td className={wide}>{formatCount(c.failed)}</td>
                    <td className={wide}>{formatCount(c.replied)}</td>
                    <td className={wide}>{formatCount(c.stopped)}</td>
                    <td className={num} title={`${formatCount(c.converted)} ${UI.colConverted.toLowerCase()}`}>
                      {formatPercent(c.conversionRate)}
                    </td>
                    <td className="py-2 text-right font-semibold tabular-nums">{formatEur(c.revenue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

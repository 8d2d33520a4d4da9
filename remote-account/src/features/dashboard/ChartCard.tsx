import { Box, Card, Heading, Text } from '@bawaba/shared';
import { Table } from '@bawaba/shared/chakra-extra';
import { Trans, useLingui } from '@lingui/react/macro';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartModel } from './charts-model.ts';

/**
 * One measure of the dashboard: the picture first (recharts; the numbers on hover and, from the keyboard, with the
 * arrow keys once the chart has focus), then the same numbers in a table with a caption, behind a disclosure. In
 * Arabic the chart is mirrored: the first bar on the right, the value axis on the right, the legend from the right.
 */
export function ChartCard({ model, format }: { model: ChartModel; format: (n: number) => string }) {
  const { i18n, t } = useLingui();
  const rtl = i18n.locale === 'ar';
  const title = i18n._(model.title);
  const description = i18n._(model.description);
  const names = model.series.map((s) => i18n._(s.label));
  const data = model.rows.map((row) => ({
    label: row.label,
    ...Object.fromEntries(model.series.map((s, i) => [s.key, row.values[i] ?? 0])),
  }));
  const rows = model.layout === 'rows';
  const valueAxis = {
    type: 'number' as const,
    allowDecimals: false,
    tickFormatter: (n: number) => format(n),
    tick: { fontSize: 12 },
  };
  const labelAxis = { type: 'category' as const, dataKey: 'label', tick: { fontSize: 12 } };
  return (
    <Card.Root data-testid={`dashboard-${model.id}`}>
      <Card.Body gap="3">
        <Box>
          <Heading as="h2" size="md">
            {title}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {description}
          </Text>
        </Box>
        {/* The chart is laid out left to right and mirrored by its axes (reversed, value axis on the right), so
            recharts places its tooltip and legend by the same coordinates in both languages. */}
        <Box dir="ltr" data-testid={`dashboard-${model.id}-chart`}>
          <ResponsiveContainer width="100%" height={rows ? 60 + 40 * Math.max(1, data.length) : 280}>
            <BarChart
              data={data}
              layout={rows ? 'vertical' : 'horizontal'}
              title={title}
              desc={description}
              margin={{ top: 8, right: 16, bottom: 8, left: 16 }}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={rows} horizontal={!rows} />
              {rows ? (
                <>
                  <XAxis {...valueAxis} reversed={rtl} />
                  <YAxis {...labelAxis} width={150} orientation={rtl ? 'right' : 'left'} />
                </>
              ) : (
                <>
                  <XAxis {...labelAxis} reversed={rtl} />
                  <YAxis {...valueAxis} width={48} orientation={rtl ? 'right' : 'left'} />
                </>
              )}
              <Tooltip
                formatter={(value) => format(Number(value))}
                wrapperStyle={{ direction: rtl ? 'rtl' : 'ltr' }}
              />
              {model.series.length > 1 ? (
                <Legend align={rtl ? 'right' : 'left'} wrapperStyle={{ direction: rtl ? 'rtl' : 'ltr' }} />
              ) : null}
              {model.series.map((s, i) => (
                <Bar
                  key={s.key}
                  dataKey={s.key}
                  name={names[i]}
                  fill={s.color}
                  stackId="all"
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          </ResponsiveContainer>
        </Box>
        <Box as="details">
          <Box as="summary" cursor="pointer" color="fg.muted" fontSize="sm" w="fit-content">
            <Trans>Show the numbers</Trans>
          </Box>
          <Table.ScrollArea mt="2">
            <Table.Root size="sm" data-testid={`dashboard-${model.id}-table`}>
              <Table.Caption textAlign="start" captionSide="top" mb="2">
                {t`${title}: ${description}`}
              </Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader scope="col">{i18n._(model.rowHeader)}</Table.ColumnHeader>
                  {names.map((name) => (
                    <Table.ColumnHeader key={name} scope="col" textAlign="end">
                      {name}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {model.rows.map((row) => (
                  <Table.Row key={row.label}>
                    <Table.Cell as="th" scope="row" fontWeight="normal" dir="auto">
                      {row.label}
                    </Table.Cell>
                    {row.values.map((value, i) => (
                      <Table.Cell key={model.series[i]!.key} textAlign="end">
                        {format(value)}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

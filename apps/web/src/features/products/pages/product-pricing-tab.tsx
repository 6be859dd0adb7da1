import type { PriceQuote, Product } from '@atelier/contracts';
import { Alert, Button, Card, Group, List, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useRecord } from '../../../components/record/record-outlet';
import { ApiError } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { unitWords } from '../../../lib/unit-words';
import { useSettings } from '../../settings/api';
import { ItemVendors } from '../../vendors/components/item-vendors';
import { type Measure, usePriceQuote } from '../api';

/** The product's price rule in words: "$89.50 per sq ft, at least 30 sq ft, rounded up to 0.5 sq ft". */
function ruleOf(p: Product, currency?: string): string[] {
  const price = `${formatMoney(p.priceCents, currency)} per ${unitWords(p.unit)}`;
  const { mode, minimum, increment } = p.pricing;
  if (mode === 'unit')
    return [
      price,
      ...(p.coverage
        ? [
            `One ${unitWords(p.unit)} covers ${p.coverage.amount} ${p.coverage.unit === 'sq_ft' ? 'sq ft' : 'linear ft'}`,
          ]
        : []),
    ];
  const unit = mode === 'area' ? 'sq ft' : 'linear ft';
  return [
    price,
    ...(minimum > 0 ? [`At least ${minimum} ${unit} charged`] : []),
    ...(increment > 0 ? [`Rounded up to the next ${increment} ${unit}`] : []),
  ];
}

/** What to measure, by how the product is priced. */
function inputsOf(p: Product): { key: keyof Measure; label: string; suffix: string }[] {
  if (p.pricing.mode === 'area')
    return [
      { key: 'width', label: 'Width (inches)', suffix: ' in' },
      { key: 'length', label: 'Length (inches)', suffix: ' in' },
      { key: 'quantity', label: 'Pieces', suffix: '' },
    ];
  if (p.pricing.mode === 'length')
    return [
      { key: 'length', label: 'Length (inches)', suffix: ' in' },
      { key: 'quantity', label: 'Pieces', suffix: '' },
    ];
  if (p.coverage)
    return p.coverage.unit === 'sq_ft'
      ? [{ key: 'area', label: 'Area to cover (sq ft)', suffix: ' sq ft' }]
      : [{ key: 'feet', label: 'Length to cover (feet)', suffix: ' ft' }];
  return [{ key: 'quantity', label: 'Quantity', suffix: '' }];
}

/**
 * The product's pricing rule and a calculator that asks the server (the one price orders will
 * use): a countertop's size, the area a tile covers, or a count.
 */
export default function ProductPricingTab() {
  const { record } = useRecord<Product>();
  const currency = useSettings().data?.firmSettings.currency;
  const quote = usePriceQuote(record._id);
  const [measure, setMeasure] = useState<Measure>({});
  const [result, setResult] = useState<PriceQuote | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const inputs = inputsOf(record);
  const calculate = async (e: React.FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      setResult(await quote.mutateAsync(measure));
    } catch (error) {
      setResult(null);
      setErrors(error instanceof ApiError ? { _: error.message, ...error.fields } : { _: 'Could not price this.' });
    }
  };
  return (
    <Stack>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="xs">
          Price rule
        </Title>
        <List size="sm">
          {ruleOf(record, currency).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </Card>
      <Card withBorder padding="lg" component="form" onSubmit={calculate} noValidate>
        <Title order={2} size="h4" mb="xs">
          Price calculator
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          The same price an order line gets for this measure.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {inputs.map((input) => (
            <NumberInput
              key={input.key}
              label={input.label}
              suffix={input.suffix}
              min={0}
              decimalScale={4}
              clampBehavior="none"
              value={measure[input.key] ?? ''}
              onChange={(v) => setMeasure((m) => ({ ...m, [input.key]: typeof v === 'number' ? v : undefined }))}
              error={errors[input.key]}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={quote.isPending}>
            Calculate
          </Button>
        </Group>
        {errors._ && !inputs.some((i) => errors[i.key]) && (
          <Alert color="red" mt="md">
            {errors._}
          </Alert>
        )}
        {result && (
          <Alert color="green" mt="md" title={formatMoney(result.totalCents, currency)}>
            <Text size="sm">
              {result.quantity} {unitWords(result.unit, result.quantity)} at{' '}
              {formatMoney(result.unitPriceCents, currency)}
            </Text>
            {result.basis.length > 0 && (
              <Text size="sm" c="dimmed">
                {result.basis.join('; ')}
              </Text>
            )}
          </Alert>
        )}
      </Card>
      <ItemVendors product={record._id} />
    </Stack>
  );
}

import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormValues } from '../../platform/forms/fieldRules';
import { failureText } from '../../platform/api/failureText';
import { useProductLayout, OrderViewFields, fieldsOfPages, orderViewPages, viewFieldProblems } from '../../orders/public';

interface QuoteLineFieldsProps {
  /** The line's service; '' while none is chosen. */
  productName: string;
  values: FormValues;
  onChange: (key: string, value: unknown) => void;
  /** Unique per line: the editor shows one form per line, often of the same layout. */
  idPrefix: string;
}

/**
 * A quote line's order fields in the quote editor (issue 30): the order wizard's editors for the
 * service's fields, all optional here — what the reseller leaves empty, the customer fills in when
 * accepting. The format rules still apply to what is entered. Nothing for a service without fields.
 */
export function QuoteLineFields({ productName, values, onChange, idPrefix }: QuoteLineFieldsProps) {
  const { t } = useTranslation();
  const layout = useProductLayout(productName || undefined);
  const pages = useMemo(
    () =>
      orderViewPages(layout.data ?? [], productName).map((page) => ({
        ...page,
        Containers: page.Containers.map((container) => ({ ...container, Fields: container.Fields.map((field) => ({ ...field, Required: false })) })),
      })),
    [layout.data, productName],
  );
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  if (!productName || (layout.isSuccess && pages.length === 0)) return null;
  return (
    <Stack spacing={1} sx={{ flexBasis: '100%' }}>
      {pages.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('quotes.editor_fields_help')}
        </Typography>
      )}
      <OrderViewFields
        viewFields={{ pages, isLoading: layout.isPending, error: layout.isError ? failureText(layout.error) : undefined, onRetry: () => void layout.refetch(), problems: viewFieldProblems(fieldsOfPages(pages), values) }}
        values={values}
        onChange={onChange}
        shownProblems={shown}
        onBlur={(key) => setShown((all) => new Set(all).add(key))}
        headingLevel={4}
        idPrefix={idPrefix}
      />
    </Stack>
  );
}

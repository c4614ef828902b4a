import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueries } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { QuoteDetail } from '@cmp/contracts/salesQuotes';
import { MetadataForm } from '../../platform/forms/MetadataForm';
import { fieldKey, type FormValues } from '../../platform/forms/fieldRules';
import { ApiError } from '../../platform/api/ApiError';
import { failureText } from '../../platform/api/failureText';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';
import { productLayoutQuery, OrderViewFields, fieldsOfPages, orderViewPages, viewFieldProblems } from '../../orders/public';
import { formValuesOf, isFieldOf, keepFields, viewValuesOf } from '../utils/quoteLineFields';

interface QuoteAcceptDialogProps {
  quote: QuoteDetail;
  /** Places the orders with the customer's values per line; rejects with the server's refusal. */
  onAccept: (lines: { line: number; viewValues: Record<string, string | number | boolean> }[]) => Promise<void>;
  onClose: () => void;
}

/**
 * Accepting a quote (issue 30): each line with the product's order fields — what the seller filled
 * shown as quoted, what is still missing asked for with the order wizard's editors (required), each
 * problem at its field. Accept places the orders only once every line is complete; a refusal of the
 * server naming a field shows at that field.
 */
export function QuoteAcceptDialog({ quote, onAccept, onClose }: QuoteAcceptDialogProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [values, setValues] = useState<FormValues[]>(() => quote.Lines.map(() => ({})));
  const [shown, setShown] = useState<ReadonlySet<string>[]>(() => quote.Lines.map(() => new Set()));
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>[]>(() => quote.Lines.map(() => ({})));
  const [error, setError] = useState<string>();
  const [isBusy, setBusy] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  // Only products whose lines have fields to show or ask for need their layout.
  const products = [...new Set(quote.Lines.filter((line) => line.MissingFields.length > 0 || Object.keys(line.ViewValues).length > 0).map((line) => line.ProductName))];
  const layouts = useQueries({ queries: products.map((product) => productLayoutQuery(product)) });
  const layoutOf = (product: string) => layouts[products.indexOf(product)];
  const isLoading = layouts.some((layout) => layout.isPending);
  const failed = layouts.find((layout) => layout.isError);

  const lines = quote.Lines.map((line, index) => {
    const pages = orderViewPages(layoutOf(line.ProductName)?.data ?? [], line.ProductName);
    const missingPages = keepFields(pages, (field) => line.MissingFields.includes(field.Name));
    const quotedPages = keepFields(pages, (field) => line.ViewValues[field.Name] !== undefined);
    const missingFields = fieldsOfPages(missingPages);
    return { line, index, missingPages, quotedPages, missingFields, problems: viewFieldProblems(missingFields, values[index]!) };
  });
  const hasProblems = lines.some((each) => Object.keys(each.problems).length > 0);

  useEffect(() => {
    // After a refused Accept the first field with a problem takes the focus, once its message shows.
    if (focusRequest) document.querySelector<HTMLElement>('[role="dialog"] [aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const change = (index: number, key: string, value: unknown) => {
    setValues((all) => all.map((each, i) => (i === index ? { ...each, [key]: value } : each)));
    setServerErrors((all) => all.map((each, i) => (i === index ? { ...each, [key]: undefined } : each)));
  };
  const showProblem = (index: number, key: string) => setShown((all) => all.map((each, i) => (i === index ? new Set(each).add(key) : each)));

  const accept = async () => {
    setError(undefined);
    if (hasProblems) {
      setShown(lines.map((each) => new Set(each.missingFields.map(fieldKey))));
      setFocusRequest((count) => count + 1);
      return;
    }
    setBusy(true);
    try {
      await onAccept(lines.filter((each) => each.missingFields.length > 0).map((each) => ({ line: each.index, viewValues: viewValuesOf(each.line.ProductName, values[each.index]!) })));
    } catch (failure) {
      // A refusal naming a field the dialog asks for shows at that field (the first line asking for it).
      const at = failure instanceof ApiError ? lines.find((each) => isFieldOf(each.missingFields, failure.field)) : undefined;
      if (at && failure instanceof ApiError && failure.field) {
        setServerErrors((all) => all.map((each, i) => (i === at.index ? { ...each, [failure.field!]: failure.message } : each)));
        setFocusRequest((count) => count + 1);
      } else setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open
      title={t('quotes.confirm_accept_title')}
      titleId={titleId}
      serverError={error}
      isBusy={isBusy}
      // The lines' order fields load first; a layout that failed to load leaves nothing to accept with.
      isSubmitDisabled={isLoading || Boolean(failed)}
      submitLabel={t('quotes.accept')}
      dismissLabel={t('quotes.cancel')}
      onSubmit={() => void accept()}
      onClose={onClose}
    >
      <Stack spacing={2}>
        <Typography>{t('quotes.confirm_accept', { name: t('quotes.quote_name', { id: quote.QuoteId, name: quote.Name }) })}</Typography>
        {lines.map(({ line, index, missingPages, quotedPages, missingFields, problems }) => {
          const headingId = `${titleId}-line-${index}`;
          return (
            <Paper key={index} variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
              <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 500, mb: 1 }}>
                {t('quotes.accept_line_title', { service: line.DisplayName, quantity: new Intl.NumberFormat(i18n.language).format(line.Quantity) })}
              </Typography>
              <Stack spacing={2}>
                {missingFields.length > 0 && <Typography variant="body2">{t('quotes.accept_fields_missing')}</Typography>}
                <OrderViewFields
                  viewFields={{ pages: missingPages, isLoading: line.MissingFields.length > 0 && Boolean(layoutOf(line.ProductName)?.isPending), problems, onRetry: () => void layoutOf(line.ProductName)?.refetch() }}
                  values={values[index]!}
                  onChange={(key, value) => change(index, key, value)}
                  shownProblems={shown[index]!}
                  onBlur={(key) => showProblem(index, key)}
                  serverErrors={serverErrors[index]}
                  headingLevel={4}
                  idPrefix={`${titleId}-missing-${index}-`}
                />
                {quotedPages.length > 0 && (
                  <>
                    <Typography variant="body2" color="text.secondary">
                      {t('quotes.accept_fields_quoted')}
                    </Typography>
                    <MetadataForm pages={quotedPages} values={formValuesOf(line.ProductName, line.ViewValues)} isEditing={false} headingLevel={4} columns={1} idPrefix={`${titleId}-quoted-${index}-`} />
                  </>
                )}
                {!isLoading && missingPages.length === 0 && quotedPages.length === 0 && (
                  <Typography variant="body2" color="text.secondary">
                    {t('quotes.accept_no_fields')}
                  </Typography>
                )}
              </Stack>
            </Paper>
          );
        })}
        {failed && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void failed.refetch()}>
                {t('order_wizard.view_fields_retry')}
              </Button>
            }
          >
            {t('order_wizard.view_fields_error', { error: failureText(failed.error) })}
          </Alert>
        )}
      </Stack>
    </FormDialog>
  );
}

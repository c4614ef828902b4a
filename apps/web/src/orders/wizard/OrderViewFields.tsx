import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { LayoutField, LayoutPage } from '@cmp/contracts/accountViews';
import { MetadataForm } from '../../platform/forms/MetadataForm';
import { fieldKey, type FieldProblem, type FormValues } from '../../platform/forms/fieldRules';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { fieldsOfPages, type ViewFieldKey } from './orderWizardState';

/** The service's view fields (its Product layout, issue 14): loading, failed, or the pages to fill (none: nothing shown). */
export interface ViewFieldsState {
  pages: LayoutPage[];
  isLoading: boolean;
  error?: string;
  onRetry: () => void;
  problems: Partial<Record<ViewFieldKey, FieldProblem>>;
}

interface OrderViewFieldsProps {
  viewFields: ViewFieldsState;
  values: FormValues;
  onChange: (key: string, value: unknown) => void;
  /** Problems show once the user tried to go on or left the field. */
  shownProblems: ReadonlySet<string>;
  onBlur: (key: ViewFieldKey) => void;
  /** Messages the server gave for a field (already in words, naming the field), by "<View>.<Field>". */
  serverErrors?: Partial<Record<string, string>>;
  headingLevel?: 2 | 3 | 4;
  /** Unique per form when one screen shows several (a quote's lines). */
  idPrefix?: string;
}

/**
 * The product's order fields with the account forms' editors (MetadataForm), as the order wizard
 * asks for them (issue 14) and quotes do (issue 30): each problem in words naming the field by its
 * label, never by its "<View>.<Field>" key.
 */
export function OrderViewFields({ viewFields, values, onChange, shownProblems, onBlur, serverErrors = {}, headingLevel = 3, idPrefix }: OrderViewFieldsProps) {
  const { t } = useTranslation();
  const fields = fieldsOfPages(viewFields.pages);
  const errors: Record<string, string | undefined> = { ...serverErrors };
  for (const [key, problem] of Object.entries(viewFields.problems)) {
    if (!problem || !shownProblems.has(key)) continue;
    const label = fields.find((field) => fieldKey(field) === key)?.DisplayValue ?? key;
    // account_view.errors.required → order_wizard.errors.view_required, which names the field.
    errors[key] = t(`order_wizard.errors.view_${problem.key.split('.').pop()}`, { ...problem.params, field: label });
  }
  return (
    <>
      {viewFields.isLoading && <LoadingIndicator label={t('order_wizard.view_fields_loading')} />}
      {viewFields.error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={viewFields.onRetry}>
              {t('order_wizard.view_fields_retry')}
            </Button>
          }
        >
          {t('order_wizard.view_fields_error', { error: viewFields.error })}
        </Alert>
      )}
      {viewFields.pages.length > 0 && (
        <MetadataForm
          pages={viewFields.pages}
          values={values}
          isEditing
          errors={errors}
          onChange={onChange}
          onBlur={(field: LayoutField) => onBlur(fieldKey(field) as ViewFieldKey)}
          headingLevel={headingLevel}
          columns={1}
          idPrefix={idPrefix}
        />
      )}
    </>
  );
}

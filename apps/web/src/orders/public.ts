// What other features may use of orders/ (issue 32; eslint.config.js enforces it). Named re-exports
// only: an importer pulls in the modules named here, so a heavy one added here lands in its chunk.
export { productLayoutQuery, useProductLayout } from './api/orderWizardApi';
export { creditLimitQueryKey, type GetOrdersRequest } from './api/ordersApi';
export { CreditLimitCard } from './review/CreditLimitCard';
export { orderKindText } from './review/orderKindText';
export { OrderServiceButton } from './wizard/OrderServiceButton';
export { OrderViewFields, type ViewFieldsState } from './wizard/OrderViewFields';
export { useOrderViewFields } from './wizard/useOrderViewFields';
export { fieldsOfPages, orderViewPages, orderViewValuesOf, type ViewFieldKey, viewFieldProblems } from './wizard/orderWizardState';

import type { ServerConfig } from '../platform/config';
import type { JobDefinition } from '../platform/jobs';
import type { OperationDefinition } from '../platform/operations';
import { backgroundJobOperations } from './backgroundJobOperations';
import { dataCheckOperations } from './dataCheckOperations';
import { mailOutboxJobs, mailOutboxOperations } from './mailOutboxOperations';
import { sessionOperations } from './sessionOperations';
import { ssoProviderOperations } from './ssoProviderOperations';

// The admin console's own operations (issue 17); its branding, live channel and billing run pages
// use the operations of those domains.
export const adminConsoleOperations: OperationDefinition[] = [...mailOutboxOperations, ...backgroundJobOperations, ...sessionOperations, ...ssoProviderOperations, ...dataCheckOperations];

export const adminConsoleJobs = (config: Pick<ServerConfig, 'smtpUrl'>): JobDefinition[] => mailOutboxJobs(config);

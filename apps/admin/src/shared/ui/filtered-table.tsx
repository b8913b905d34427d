import { Card, Space, Table, Typography, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { errorText } from '../api/api-error';

/** The page a list shows, as the list calls take it. */
export interface PageState {
  pageNum: number;
  pageSize: number;
}

export interface FilteredTableProps<T> extends Omit<TableProps<T>, 'pagination' | 'dataSource' | 'loading'> {
  /** The filters above the table (selects, searches, the tenant filter). */
  filters?: ReactNode;
  /** The list call's answer and state (react-query's). */
  result: { data?: { list: T[]; total: number } | undefined; error: unknown; isFetching: boolean };
  page: PageState;
  onPage: (page: PageState) => void;
  testId: string;
}

/**
 * A console list: a filter bar, the list call's refusal if any, and the server-paged table
 * (page size changer wired to the call's pageNum/pageSize).
 */
export function FilteredTable<T extends object>({
  filters,
  result,
  page,
  onPage,
  testId,
  ...table
}: FilteredTableProps<T>) {
  return (
    <>
      {filters ? (
        <Card size="small">
          <Space wrap>{filters}</Space>
        </Card>
      ) : null}
      {result.error ? (
        <Typography.Text type="danger" data-testid={`${testId}-error`}>
          {errorText(result.error)}
        </Typography.Text>
      ) : null}
      <Table<T>
        data-testid={testId}
        size="small"
        {...table}
        loading={result.isFetching}
        dataSource={result.data?.list ?? []}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: result.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (pageNum, pageSize) => onPage({ pageNum, pageSize }),
        }}
      />
    </>
  );
}

import { LogoutOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useLogout } from '../api/auth';

/** Ends the session on the server and forgets it here. */
export function SignOutButton() {
  const logout = useLogout();
  return (
    <Button
      data-testid="sign-out"
      icon={<LogoutOutlined />}
      loading={logout.isPending}
      onClick={() => logout.mutate()}
    >
      Sign out
    </Button>
  );
}

// The admin models on a throwaway MariaDB server (started on 127.0.0.1 by the test).
#include "adminmodeltests.h"
#include "support/mariadbserver.h"

int main(int argc, char *argv[])
{
    using namespace Gatehouse::Testing;
    return runAdminModelTests<ServerAdminModelTests<MariaDbServer>>("tst_adminmodels_mariadb", argc, argv);
}

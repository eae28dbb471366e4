// The admin models on a throwaway PostgreSQL server (started on 127.0.0.1 by the test).
#include "adminmodeltests.h"
#include "support/postgresserver.h"

int main(int argc, char *argv[])
{
    using namespace Gatehouse::Testing;
    return runAdminModelTests<ServerAdminModelTests<PostgresServer>>("tst_adminmodels_postgres", argc, argv);
}

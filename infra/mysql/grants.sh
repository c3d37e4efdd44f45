#!/bin/sh
# Runs once, on the first start of an empty MySQL volume: the app user may create and use every
# khidma_<service> database (one per service), nothing else.
set -eu
mysql -uroot -p"$MYSQL_ROOT_PASSWORD" -e "GRANT ALL PRIVILEGES ON \`khidma\\_%\`.* TO '$MYSQL_USER'@'%'; FLUSH PRIVILEGES;"

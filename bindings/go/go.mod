module github.com/deckhand/deckhand-go

go 1.22
